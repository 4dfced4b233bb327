import { bescheinigungsDatenFolgen, gueltigkeitsText } from './bescheinigung';

describe('gueltigkeitsText (spec 001 §4)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['inactive', { aktiv: false, valid_from: '2024-01-01' }, '–'],
    ['always', { aktiv: true, valid_from: null, valid_to: null }, 'immer'],
    ['from', { aktiv: true, valid_from: '2024-01-01' }, 'ab 01.01.2024'],
    ['until', { aktiv: true, valid_to: '2024-12-31' }, 'bis 31.12.2024'],
    ['a range', { aktiv: true, valid_from: '2024-01-01', valid_to: '2024-12-31' }, '01.01.2024 – 31.12.2024'],
    ['a timestamp by its date', { aktiv: true, valid_from: '2024-03-05T00:00:00.000Z' }, 'ab 05.03.2024'],
    ['empty texts as unset', { aktiv: true, valid_from: '', valid_to: '' }, 'immer'],
    ['non-texts as unset', { aktiv: true, valid_from: 20240101, valid_to: true }, 'immer'],
  ])('%s', (_, b, text) => expect(gueltigkeitsText(b)).toBe(text));
});

describe('bescheinigungsDatenFolgen (spec 001 §5)', () => {
  it('clears the seminar types without a variant and keeps them with one', () => {
    expect(
      bescheinigungsDatenFolgen({ veranstaltungTypenFilterVariant: 'none', veranstaltungTypen: [1] }),
    ).toEqual({
      veranstaltungTypenFilterVariant: null,
      veranstaltungTypen: [],
    });
    expect(
      bescheinigungsDatenFolgen({ veranstaltungTypenFilterVariant: 'exclude', veranstaltungTypen: [1] }),
    ).toEqual({
      veranstaltungTypenFilterVariant: 'exclude',
      veranstaltungTypen: [1],
    });
    expect(
      bescheinigungsDatenFolgen({ veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [2] }),
    ).toEqual({ veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [2] });
    expect(bescheinigungsDatenFolgen(null)).toEqual({
      veranstaltungTypenFilterVariant: null,
      veranstaltungTypen: [],
    });
  });
});
