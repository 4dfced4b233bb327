import { berlinDatum } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';
import {
  bescheinigungsDaten,
  bescheinigungsFilterFehler,
  passendeBescheinigung,
  pruefeBescheinigung,
  pruefeFreigabe,
  type BescheinigungsEvent,
  type BescheinigungsSeminar,
  type BescheinigungsVorlage,
} from './bescheinigung';
import type { TeilnehmerZeile } from './teilnehmer';

const seminar: BescheinigungsSeminar = {
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

  it.each<[string, BescheinigungsVorlage, boolean]>([
    ['valid from today', b(1, {}, { valid_from: HEUTE }), true],
    ['valid until today', b(1, {}, { valid_to: HEUTE }), true],
    ['seminar on the first day of the range', b(1, { events_from: '2024-03-05' }), true],
    ['seminar before the range', b(1, { events_from: '2024-03-06' }), false],
    ['seminar on the last day of the range', b(1, { events_to: '2024-03-05' }), true],
    // Only the calendar day of a stored timestamp counts.
    ['range starting later on the seminar day', b(1, { events_from: '2024-03-05T23:00:00' }), true],
    ['empty range dates', b(1, { events_from: '', events_to: '' }), true],
    [
      'type excluded, seminar of another type',
      b(1, { veranstaltungTypenFilterVariant: 'exclude', veranstaltungTypen: [4] }),
      true,
    ],
    ['type list without a variant', b(1, { veranstaltungTypen: [4] }), true],
    ['expert mark given as text', b(1, { fachberatermarke_id: '2' }), true],
    ['other seminar excluded', b(1, { veranstaltungenExclude: [8] }), true],
    ['Fortbildungspass not asked for', b(1, { fortbildungspass: false }), true],
    ['no filters, seminar without pass hours', b(1, {}), true],
  ])('%s', (_, vorlage, passt) => {
    expect(passendeBescheinigung([vorlage], seminar, [10], HEUTE)).toBe(passt ? vorlage : null);
  });

  it('takes the seminar day in Berlin, not in UTC', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Berlin.
    const spaet = { ...seminar, beginn: new Date('2024-03-04T23:30:00Z') };
    expect(berlinDatum(spaet.beginn)).toBe('2024-03-05');
    const ab5 = b(1, { events_from: '2024-03-05' });
    expect(passendeBescheinigung([ab5], spaet, [], HEUTE)).toBe(ab5);
    expect(passendeBescheinigung([b(1, { events_to: '2024-03-04' })], spaet, [], HEUTE)).toBeNull();
  });

  it('refuses date filters for a seminar without a start, and the pass for a seminar without its hours', () => {
    const ohneBeginn = { ...seminar, beginn: null };
    expect(passendeBescheinigung([b(1, { events_from: '2024-01-01' })], ohneBeginn, [], HEUTE)).toBeNull();
    expect(passendeBescheinigung([b(1, { events_to: '2024-12-31' })], ohneBeginn, [], HEUTE)).toBeNull();
    const ohneStunden = { ...seminar, fortbildungspass_stunden: 0 };
    expect(passendeBescheinigung([b(1, { fortbildungspass: true })], ohneStunden, [], HEUTE)).toBeNull();
    const ohneFilter = b(2, {});
    expect(passendeBescheinigung([ohneFilter], ohneStunden, [], HEUTE)).toBe(ohneFilter);
  });

  it('matches a seminar without a type only by exclusion', () => {
    const ohneTyp = { ...seminar, veranstaltung_typ_id: null };
    const einschluss = b(1, { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [1, 3] });
    const ausschluss = b(2, { veranstaltungTypenFilterVariant: 'exclude', veranstaltungTypen: [1, 3] });
    expect(passendeBescheinigung([einschluss], ohneTyp, [], HEUTE)).toBeNull();
    expect(passendeBescheinigung([ausschluss], ohneTyp, [], HEUTE)).toBe(ausschluss);
  });

  it('prefers the most specific certificate', () => {
    const allgemein = b(1, {});
    const speziell = b(2, { fachberatermarke_id: 2 });
    expect(passendeBescheinigung([allgemein, speziell], seminar, [], HEUTE)).toBe(speziell);
  });

  it('counts every filter that holds, then prefers the lowest id', () => {
    const zweiFilter = b(5, { veranstaltungenExclude: [8], benutzerGruppen: [10] });
    const einFilter = b(3, { veranstaltungTypenFilterVariant: 'exclude', veranstaltungTypen: [4] });
    const zeitraum = b(4, { events_from: '2024-01-01', events_to: '2024-12-31' });
    const pass = b(6, { fortbildungspass: true, fachberatermarke_id: 2 });
    expect(passendeBescheinigung([einFilter, zweiFilter], seminar, [10], HEUTE)).toBe(zweiFilter);
    expect(passendeBescheinigung([einFilter, zeitraum], seminar, [10], HEUTE)).toBe(zeitraum);
    expect(passendeBescheinigung([pass, zweiFilter], seminar, [10], HEUTE)).toBe(zweiFilter);
    expect(passendeBescheinigung([zweiFilter, pass], seminar, [10], HEUTE)).toBe(zweiFilter);
    const gleich = b(2, { fachberatermarke_id: 2 });
    const gleich2 = b(9, { fortbildungspass: true });
    expect(passendeBescheinigung([gleich2, gleich], seminar, [], HEUTE)).toBe(gleich);
    expect(passendeBescheinigung([], seminar, [], HEUTE)).toBeNull();
  });
});

const zeile = (extra: Partial<TeilnehmerZeile> = {}): TeilnehmerZeile => ({
  benutzer_id: 4,
  kennnummer: 'K-4',
  vorname: 'Erika',
  nachname: 'Muster',
  anzeigename: null,
  ansprache: null,
  firma: null,
  email: null,
  typ: null,
  betrag: 0,
  mitglied: false,
  berufsbezeichnung: null,
  stb_datum: null,
  parent: null,
  event_ids: [11, 12, 13],
  teilnahme: true,
  nicht_teilnahme: [],
  is_in: true,
  ...extra,
});

describe('pruefeFreigabe and pruefeBescheinigung', () => {
  const fehler = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      if (error instanceof DomainError) return { code: error.code, kind: error.kind, message: error.message };
      throw error;
    }
    return null;
  };

  it('refuses a seminar that has not released its certificates', () => {
    const gesperrt = { ...seminar, titel: 'Umsatzsteuer', freigabe_teilnahme_bescheinigung: false };
    const erwartet = {
      code: 'BESCHEINIGUNG_NICHT_FREIGEGEBEN',
      kind: 'conflict',
      message: 'Die Teilnahmebescheinigungen des Seminars „Umsatzsteuer“ sind nicht freigegeben.',
    };
    expect(fehler(() => pruefeFreigabe(gesperrt))).toEqual(erwartet);
    expect(fehler(() => pruefeBescheinigung(gesperrt, zeile()))).toEqual(erwartet);
    expect(fehler(() => pruefeFreigabe(seminar))).toBeNull();
  });

  it('refuses a participant who did not take part, named or not', () => {
    expect(
      fehler(() => pruefeBescheinigung(seminar, zeile({ teilnahme: false, anzeigename: 'Erika Muster' }))),
    ).toEqual({
      code: 'NICHT_TEILGENOMMEN',
      kind: 'conflict',
      message: 'Erika Muster hat am Seminar „S“ nicht teilgenommen.',
    });
    expect(fehler(() => pruefeBescheinigung(seminar, zeile({ teilnahme: false })))?.message).toBe(
      'Der Teilnehmer hat am Seminar „S“ nicht teilgenommen.',
    );
    expect(fehler(() => pruefeBescheinigung(seminar, zeile()))).toBeNull();
  });
});

describe('bescheinigungsDaten', () => {
  const event = (id: number, datum: string | null, fb: number, fp: number): BescheinigungsEvent => ({
    id,
    titel: `E${id}`,
    datum,
    beginn: '09:00',
    ende: '17:00',
    fachberater_stunden: fb,
    fortbildungspass_stunden: fp,
  });
  const vorlage = b(1, { fortbildungspass: true, textfeld1: 'Mit Erfolg' }, { titel: 'Standard' });
  const mitMarke = {
    ...seminar,
    fachberater_stunden: 6,
    Fachberatermarke: { bezeichnung: 'Fachberater Steuern' },
  };

  it('sums the hours of the attended events that carry hours, to the cent', () => {
    const events = [
      event(11, '2024-03-05', 1.1, 2.2),
      event(12, '2024-03-06', 2.2, 1.1),
      event(13, '2024-03-07', 4, 4),
    ];
    const daten = bescheinigungsDaten(
      vorlage,
      mitMarke,
      events,
      zeile({ nicht_teilnahme: [{ id: 1, benutzer_id: 4, veranstaltung_event_id: 13 }] }),
      HEUTE,
    );
    expect(daten).toEqual({
      teilnehmer: { name: 'Erika Muster', vorname: 'Erika', nachname: 'Muster', kennnummer: 'K-4' },
      seminar: { id: 7, titel: 'S', lg_id: null },
      termine: '05.03.2024, 06.03.2024',
      termine_liste: [
        { titel: 'E11', datum: '2024-03-05', beginn: '09:00', ende: '17:00' },
        { titel: 'E12', datum: '2024-03-06', beginn: '09:00', ende: '17:00' },
      ],
      stunden: 3.3,
      fachberater_stunden: 3.3,
      fachberatermarke: 'Fachberater Steuern',
      fortbildungspass: true,
      bescheinigung: { titel: 'Standard', textfeld1: 'Mit Erfolg' },
      ausgestellt: HEUTE,
    });
  });

  it('takes the seminar hours and days when no event carries them', () => {
    const events = [event(11, null, 0, 0), event(12, null, 0, 0)];
    const zweiTage = { ...mitMarke, ende: new Date('2024-03-06T15:00:00Z') };
    const daten = bescheinigungsDaten(b(2, {}, { data: null }), zweiTage, events, zeile(), HEUTE);
    expect(daten.stunden).toBe(8);
    expect(daten.fachberater_stunden).toBe(6);
    expect(daten.termine).toBe('05.03.2024, 06.03.2024');
    expect(daten.fortbildungspass).toBe(false);
    expect(daten.bescheinigung).toEqual({ titel: 'B2', textfeld1: '' });
  });

  it('names each day once, and counts hours of one kind from the events even if the other kind has none', () => {
    const events = [event(11, '2024-03-05', 0, 3), event(12, '2024-03-05', 0, 0)];
    const daten = bescheinigungsDaten(vorlage, mitMarke, events, zeile(), HEUTE);
    expect(daten.termine).toBe('05.03.2024');
    expect(daten.stunden).toBe(3);
    expect(daten.fachberater_stunden).toBe(6);
  });

  it('gives no expert hours without an expert mark, and no days when absent from the whole seminar', () => {
    const events = [event(11, '2024-03-05', 2, 2)];
    const ohneMarke = {
      ...seminar,
      fachberatermarke_id: null,
      fachberater_stunden: 6,
      Fachberatermarke: null,
    };
    const abwesend = zeile({ nicht_teilnahme: [{ id: 1, benutzer_id: 4, veranstaltung_event_id: null }] });
    const daten = bescheinigungsDaten(vorlage, ohneMarke, events, abwesend, HEUTE);
    expect(daten.fachberater_stunden).toBe(0);
    expect(daten.fachberatermarke).toBeNull();
    expect(daten.termine_liste).toEqual([]);
    expect(daten.stunden).toBe(0);
    expect(daten.termine).toBe('05.03.2024');
  });

  it('fills the text field only with text', () => {
    const mitZahl = b(3, { textfeld1: 5 });
    expect(bescheinigungsDaten(mitZahl, seminar, [], zeile(), HEUTE).bescheinigung).toEqual({
      titel: 'B3',
      textfeld1: '',
    });
  });

  it('names the participant by the display name, else by first and last name', () => {
    const events: BescheinigungsEvent[] = [];
    expect(
      bescheinigungsDaten(vorlage, seminar, events, zeile({ anzeigename: 'Dr. Erika Muster' }), HEUTE)
        .teilnehmer.name,
    ).toBe('Dr. Erika Muster');
    expect(
      bescheinigungsDaten(vorlage, seminar, events, zeile({ vorname: null }), HEUTE).teilnehmer.name,
    ).toBe('Muster');
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
    [
      'exclude without a seminar type',
      { veranstaltungTypenFilterVariant: 'exclude' },
      {
        'data.veranstaltungTypen': 'muss bei Einschluss oder Ausschluss mindestens einen Seminar-Typ nennen',
      },
    ],
    [
      'seminar types that are no list, once',
      { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: 'alle' },
      { 'data.veranstaltungTypen': 'muss eine Liste von Einträgen sein' },
    ],
    [
      'ids that are zero or fractions',
      { veranstaltungTypen: [0], benutzerGruppen: [1.5], fachberatermarke_id: '3' },
      {
        'data.veranstaltungTypen': 'muss eine Liste von Einträgen sein',
        'data.benutzerGruppen': 'muss eine Liste von Einträgen sein',
        'data.fachberatermarke_id': 'muss ein Eintrag sein',
      },
    ],
    [
      'dates in another form',
      { events_from: '01.03.2024', events_to: 20240301 },
      {
        'data.events_from': 'muss ein Datum sein (JJJJ-MM-TT)',
        'data.events_to': 'muss ein Datum sein (JJJJ-MM-TT)',
      },
    ],
    [
      'a date with more around it',
      { events_from: '2024-03-01T00:00', events_to: ' 2024-03-02' },
      {
        'data.events_from': 'muss ein Datum sein (JJJJ-MM-TT)',
        'data.events_to': 'muss ein Datum sein (JJJJ-MM-TT)',
      },
    ],
    [
      'a month without a day',
      { events_from: '2024-03' },
      { 'data.events_from': 'muss ein Datum sein (JJJJ-MM-TT)' },
    ],
    [
      'an impossible end before a start (the date, not the order)',
      { events_from: '2024-03-05', events_to: '2024-02-30' },
      { 'data.events_to': 'muss ein Datum sein (JJJJ-MM-TT)' },
    ],
    [
      'an impossible start after an end (the date only)',
      { events_from: '2024-13-01', events_to: '2024-02-01' },
      { 'data.events_from': 'muss ein Datum sein (JJJJ-MM-TT)' },
    ],
    ['a text field that is no text', { textfeld1: 5 }, { 'data.textfeld1': 'muss ein Text sein' }],
  ])('refuses %s', (_, data, erwartet) => {
    expect(fehler(data)).toEqual(erwartet);
  });

  it('refuses data that is no object', () => {
    expect(fehler('include')).toEqual({ data: 'muss ein Objekt sein' });
    expect(fehler([1])).toEqual({ data: 'muss ein Objekt sein' });
    expect(fehler(undefined)).toEqual({});
  });

  it('accepts empty values for every filter', () => {
    expect(
      fehler({
        veranstaltungTypenFilterVariant: '',
        veranstaltungTypen: '',
        veranstaltungenExclude: null,
        benutzerGruppen: undefined,
        events_from: '',
        events_to: null,
        fachberatermarke_id: '',
        fortbildungspass: null,
        textfeld1: '',
      }),
    ).toEqual({});
    expect(fehler({ fortbildungspass: false, events_from: '2024-03-01' })).toEqual({});
    expect(fehler({ events_to: '2024-03-01' })).toEqual({});
  });
});
