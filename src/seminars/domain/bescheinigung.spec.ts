import {
  bescheinigungsFilterFehler,
  passendeBescheinigung,
  type BescheinigungsVorlage,
} from './bescheinigung';

const seminar = {
  id: 7,
  titel: 'S',
  lg_id: null,
  veranstaltung_typ_id: 3,
  beginn: new Date('2024-03-05T08:00:00Z'),
  ende: null,
  fachberatermarke_id: 2,
  fachberater_stunden: 0,
  fortbildungspass_stunden: 8,
  freigabe_teilnahme_bescheinigung: true,
};
const b = (
  id: number,
  data: Record<string, unknown>,
  extra: Partial<BescheinigungsVorlage> = {},
): BescheinigungsVorlage => ({
  id,
  titel: `B${id}`,
  aktiv: true,
  template_file: 'x.pdf',
  valid_from: null,
  valid_to: null,
  data,
  ...extra,
});
const HEUTE = '2024-06-01';

describe('passendeBescheinigung', () => {
  it.each<[string, BescheinigungsVorlage, boolean]>([
    ['no filters', b(1, {}), true],
    ['inactive', b(1, {}, { aktiv: false }), false],
    ['not yet valid', b(1, {}, { valid_from: '2024-07-01' }), false],
    ['no longer valid', b(1, {}, { valid_to: '2024-05-31' }), false],
    ['type included', b(1, { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [3] }), true],
    [
      'type not included',
      b(1, { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [4] }),
      false,
    ],
    ['type excluded', b(1, { veranstaltungTypenFilterVariant: 'exclude', veranstaltungTypen: [3] }), false],
    ['seminar in the date range', b(1, { events_from: '2024-03-01', events_to: '2024-03-05' }), true],
    ['seminar after the date range', b(1, { events_to: '2024-03-04' }), false],
    ['Fortbildungspass with hours', b(1, { fortbildungspass: true }), true],
    ['other expert mark', b(1, { fachberatermarke_id: 5 }), false],
    ['seminar excluded', b(1, { veranstaltungenExclude: [7] }), false],
    ['participant in a group', b(1, { benutzerGruppen: [9, 10] }), true],
    ['participant in none of the groups', b(1, { benutzerGruppen: [11] }), false],
  ])('%s', (_, vorlage, passt) => {
    expect(passendeBescheinigung([vorlage], seminar, [10], HEUTE)).toBe(passt ? vorlage : null);
  });

  it('prefers the most specific certificate', () => {
    const allgemein = b(1, {});
    const speziell = b(2, { fachberatermarke_id: 2 });
    expect(passendeBescheinigung([allgemein, speziell], seminar, [], HEUTE)).toBe(speziell);
  });
});

describe('bescheinigungsFilterFehler', () => {
  const fehler = (data: unknown) => bescheinigungsFilterFehler(data, (feld) => `L(${feld})`);

  it('accepts no filters, the variant none and a complete set of filters', () => {
    expect(fehler(null)).toEqual({});
    expect(fehler({ veranstaltungTypenFilterVariant: 'none', veranstaltungTypen: [] })).toEqual({});
    expect(
      fehler({
        veranstaltungTypenFilterVariant: 'include',
        veranstaltungTypen: [1, 2],
        events_from: '2024-01-01',
        events_to: '2024-01-01',
        fortbildungspass: true,
        fachberatermarke_id: 3,
        textfeld1: 'Text',
        veranstaltungenExclude: [7],
        benutzerGruppen: [9],
      }),
    ).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'an unknown variant',
      { veranstaltungTypenFilterVariant: 'alle', veranstaltungTypen: [1] },
      { 'data.veranstaltungTypenFilterVariant': 'muss keiner, Einschluss oder Ausschluss sein' },
    ],
    [
      'include without a seminar type',
      { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [] },
      {
        'data.veranstaltungTypen': 'muss bei Einschluss oder Ausschluss mindestens einen Seminar-Typ nennen',
      },
    ],
    [
      'events_to before events_from',
      { events_from: '2024-03-02', events_to: '2024-03-01' },
      { 'data.events_to': 'darf nicht vor „L(data.events_from)“ liegen' },
    ],
    [
      'an impossible date',
      { events_from: '2024-02-30' },
      { 'data.events_from': 'muss ein Datum sein (JJJJ-MM-TT)' },
    ],
    [
      'ids that are not ids',
      { benutzerGruppen: ['x'], veranstaltungenExclude: 7, fachberatermarke_id: -1 },
      {
        'data.benutzerGruppen': 'muss eine Liste von Einträgen sein',
        'data.veranstaltungenExclude': 'muss eine Liste von Einträgen sein',
        'data.fachberatermarke_id': 'muss ein Eintrag sein',
      },
    ],
    [
      'a pass flag that is text',
      { fortbildungspass: 'ja' },
      { 'data.fortbildungspass': 'muss ja oder nein sein' },
    ],
  ])('refuses %s', (_, data, erwartet) => {
    expect(fehler(data)).toEqual(erwartet);
  });
});
