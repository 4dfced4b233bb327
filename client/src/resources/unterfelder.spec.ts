import { alsDaten, einfalten, mitDaten, mitUnterfeldern } from './unterfelder';

describe('JSON sub-fields as fields of their own', () => {
  const record = { id: 3, titel: 'USt', data: { lehrgang: true, seminareinladung_pdf: { subtitle: 'Neu' } } };

  it('reads dotted names into the JSON columns', () => {
    expect(
      mitUnterfeldern(record, [
        'titel',
        'data.lehrgang',
        'data.seminareinladung_pdf.subtitle',
        'kosten.raum',
      ]),
    ).toEqual({
      ...record,
      'data.lehrgang': true,
      'data.seminareinladung_pdf.subtitle': 'Neu',
      'kosten.raum': undefined,
    });
  });

  it('writes changes into copies of the JSON objects, keeping their other keys', () => {
    expect(einfalten(record, { titel: 'Neu', 'data.image_url': 'https://x' })).toEqual({
      titel: 'Neu',
      data: { lehrgang: true, seminareinladung_pdf: { subtitle: 'Neu' }, image_url: 'https://x' },
    });
    expect(einfalten(record, { 'data.seminareinladung_pdf.headline': '' })).toEqual({
      data: { lehrgang: true, seminareinladung_pdf: { subtitle: 'Neu', headline: '' } },
    });
    expect(record.data.seminareinladung_pdf).toEqual({ subtitle: 'Neu' });
  });

  it('removes a key set to null, and starts a JSON column that is null', () => {
    expect(einfalten(record, { 'data.seminareinladung_pdf.subtitle': null, 'data.lehrgang': false })).toEqual(
      {
        data: { lehrgang: false, seminareinladung_pdf: {} },
      },
    );
    expect(einfalten({ kosten: null }, { 'kosten.raum': 450, 'kosten.sollbuchung': 12 })).toEqual({
      kosten: { raum: 450, sollbuchung: 12 },
    });
  });

  it('shows the keys of data as data.… fields', () => {
    expect(mitDaten({ id: 1, data: { auto_stb_neuzugelassen_jahr: 2024 } })).toEqual({
      id: 1,
      data: { auto_stb_neuzugelassen_jahr: 2024 },
      'data.auto_stb_neuzugelassen_jahr': 2024,
    });
    expect(mitDaten({ id: 1, data: null })).toEqual({ id: 1, data: null });
  });

  it.each([
    [{ name: 'x' }, { name: 'x' }],
    [
      { 'data.auto_abo_storno_stichwort': 'Praxis' },
      { data: { andere: 1, auto_abo_storno_stichwort: 'Praxis' } },
    ],
    [
      { 'data.andere': '', name: 'y' },
      { name: 'y', data: {} },
    ],
  ])('folds %j back into data', (patch, folge) => {
    expect(alsDaten({ data: { andere: 1 } }, patch)).toEqual(folge);
  });
});
