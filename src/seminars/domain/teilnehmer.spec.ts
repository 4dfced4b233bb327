import { teilnehmerListe, teilnehmerZahlen, type Buchung, type NichtTeilnahme } from './teilnehmer';

const person = (id: number, nachname: string) => ({
  id,
  kennnummer: null,
  vorname: null,
  nachname,
  titel: null,
  firma: null,
  anzeigename: nachname,
  ansprache: null,
  email: null,
  atr_mitglied: false,
  berufsbezeichnung: null,
  stb_datum: null,
  parent: null,
});
const buchung = (id: number, p: number | null, event: number | null, betrag = 10): Buchung => ({
  id,
  veranstaltung_event_id: event,
  betrag,
  buchung_typ: 'Mitglied',
  teilnehmer: p === null ? 'Gast Gärtner' : null,
  person: p === null ? null : person(p, `N${p}`),
});
const nicht = (benutzer_id: number, veranstaltung_event_id: number | null): NichtTeilnahme => ({
  id: benutzer_id * 100 + (veranstaltung_event_id ?? 0),
  benutzer_id,
  veranstaltung_event_id,
});
const EVENTS = [11, 12];

describe('teilnehmerListe', () => {
  it.each<[string, Buchung[], NichtTeilnahme[], number | undefined, Record<string, unknown>[]]>([
    [
      'a whole booking covers every event',
      [buchung(1, 1, null)],
      [],
      undefined,
      [{ event_ids: [11, 12], teilnahme: true, is_in: true }],
    ],
    [
      'two bookings of one person are one row with the sum',
      [buchung(1, 1, 11, 10.1), buchung(2, 1, 12, 20.2)],
      [],
      undefined,
      [{ event_ids: [11, 12], betrag: 30.3 }],
    ],
    [
      'absent from the whole seminar',
      [buchung(1, 1, null)],
      [nicht(1, null)],
      undefined,
      [{ teilnahme: false }],
    ],
    [
      'absent from one of two events still takes part in the seminar',
      [buchung(1, 1, null)],
      [nicht(1, 11)],
      undefined,
      [{ teilnahme: true }],
    ],
    [
      'absent from the event asked for',
      [buchung(1, 1, null)],
      [nicht(1, 11)],
      11,
      [{ teilnahme: false, is_in: true }],
    ],
    ['not booked on the event asked for', [buchung(1, 1, 12)], [], 11, [{ teilnahme: false, is_in: false }]],
    [
      'a guest by name only',
      [buchung(1, null, null)],
      [],
      undefined,
      [{ benutzer_id: null, anzeigename: 'Gast Gärtner' }],
    ],
  ])('%s', (_, buchungen, nichtTeilnahmen, eventId, erwartet) => {
    expect(teilnehmerListe(buchungen, nichtTeilnahmen, EVENTS, eventId)).toEqual(
      erwartet.map((e) => expect.objectContaining(e)),
    );
  });

  it('counts who takes part, per seminar and per event', () => {
    const liste = teilnehmerListe(
      [buchung(1, 1, null), buchung(2, 2, 12), buchung(3, 3, null)],
      [nicht(3, null), nicht(1, 12)],
      EVENTS,
    );
    const zahlen = teilnehmerZahlen(liste, EVENTS);
    expect(zahlen.seminar).toBe(2);
    expect([...zahlen.events]).toEqual([
      [11, 1],
      [12, 1],
    ]);
  });
});
