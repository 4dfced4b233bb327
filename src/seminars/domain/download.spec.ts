import { DomainError } from '../../shared/domain-error';
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

  it('takes the record fields from the data part', () => {
    expect(downloadFelder('{"title":"Skript","public":false}')).toEqual({ title: 'Skript', public: false });
    expect(downloadFelder(undefined)).toEqual({});
    expect(() => downloadFelder('{kaputt')).toThrow('kein gültiges JSON');
    expect(() => downloadFelder('[1]')).toThrow('müssen ein Objekt sein');
  });
});

describe('the data part of an upload', () => {
  const fehler = (data: unknown) => {
    try {
      downloadFelder(data);
    } catch (e) {
      return [(e as DomainError).code, (e as DomainError).message];
    }
    return null;
  };

  it('takes an already parsed object', () => {
    expect(downloadFelder({ title: 'Skript' })).toEqual({ title: 'Skript' });
    expect(downloadFelder('')).toEqual({});
  });

  it('refuses JSON that is no object, and anything but text or an object', () => {
    for (const data of ['null', '"Skript"', '5', null, 5, ['a']])
      expect(fehler(data)).toEqual(['INVALID_DATA', 'Die Angaben zur Datei müssen ein Objekt sein.']);
    expect(fehler('{kaputt')).toEqual(['INVALID_DATA', 'Die Angaben zur Datei sind kein gültiges JSON.']);
  });

  it('reads the extension of a name with spaces around', () => {
    expect(downloadExtension(' bericht.Docx  ')).toBe('docx');
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

  it('takes an id with spaces around, and counts empty text as missing', () => {
    expect(downloadBezugPruefen({ ...gut, relation_id: ' 12 ' })).toEqual({ errors: {}, relationId: 12 });
    expect(downloadBezugPruefen({ relation: '', relation_id: '', category: '' }).errors).toEqual({
      relation: 'ist ein Pflichtfeld',
      relation_id: 'ist ein Pflichtfeld',
      category: 'ist ein Pflichtfeld',
    });
    expect(downloadBezugPruefen({ relation: null, relation_id: null, category: null }).errors).toEqual({
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
    // A known category without a known relation: only the relation is wrong.
    expect(downloadBezugPruefen({ ...gut, relation: 'Mond', category: 'Bild' }).errors).toEqual({
      relation: expect.stringMatching(/^hat einen unzulässigen Wert/),
    });
  });
});
