import { downloadBezugPruefen, downloadExtension, downloadFelder, downloadFileName } from './download';

describe('stored download names', () => {
  it('keeps a harmless extension in lower case', () => {
    expect(downloadExtension('Skript Übung.PDF')).toBe('pdf');
    expect(downloadExtension('archiv.tar.gz')).toBe('gz');
    expect(downloadExtension('ohne-endung')).toBe('');
    expect(downloadExtension('böse.p?hp')).toBe('');
    expect(downloadFileName('ab12', 'pdf')).toBe('ab12.pdf');
    expect(downloadFileName('ab12', '')).toBe('ab12');
  });

  it('takes the record fields from the data part, never the storage fields', () => {
    expect(downloadFelder('{"title":"Skript","file_name":"../x","size":1,"public":false}')).toEqual({
      title: 'Skript',
      public: false,
    });
    expect(downloadFelder(undefined)).toEqual({});
    expect(() => downloadFelder('{kaputt')).toThrow('kein gültiges JSON');
    expect(() => downloadFelder('[1]')).toThrow('müssen ein Objekt sein');
  });
});

describe('what an uploaded download belongs to', () => {
  const gut = { relation: 'Veranstaltung-Referent', relation_id: 7, category: 'Bild' };

  it('accepts a fitting relation, record and category, also an id sent as digits', () => {
    expect(downloadBezugPruefen(gut)).toEqual({ errors: {}, relationId: 7 });
    expect(downloadBezugPruefen({ ...gut, relation_id: '12' })).toEqual({ errors: {}, relationId: 12 });
  });

  it('requires all three', () => {
    expect(downloadBezugPruefen({}).errors).toEqual({
      relation: 'ist ein Pflichtfeld',
      relation_id: 'ist ein Pflichtfeld',
      category: 'ist ein Pflichtfeld',
    });
  });

  it('refuses an id that is no positive whole number', () => {
    for (const relation_id of [0, -3, 1.5, 'abc', '1e3', true])
      expect(downloadBezugPruefen({ ...gut, relation_id })).toEqual({
        errors: { relation_id: 'muss eine positive ganze Zahl sein' },
        relationId: null,
      });
  });

  it('names the categories that fit the relation, by their German labels', () => {
    expect(downloadBezugPruefen({ ...gut, category: 'Skript' }).errors).toEqual({
      category: 'passt nicht zu „Referent“ (erlaubt: Bild, Sonstiges)',
    });
    expect(downloadBezugPruefen({ ...gut, relation: 'toString' }).errors).toEqual({
      relation:
        'hat einen unzulässigen Wert (erlaubt: Seminar, Veranstaltung, Inhalt, Referent, Ort, Newsletter, News)',
    });
    expect(
      downloadBezugPruefen({ ...gut, relation: 'Mond', category: 'Kochrezept' }).errors.category,
    ).toMatch(/^hat einen unzulässigen Wert \(erlaubt: Skript, .*Anfahrtsskizze, Anhang\)$/);
  });
});
