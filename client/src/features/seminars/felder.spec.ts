import { einfalten, mitUnterfeldern } from './felder';

describe('JSON sub-fields of the seminar windows', () => {
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
});
