import { newsletterWirkung, type Buchung, type Klick, type Versand } from './newsletter-wirkung';

/**
 * A hand-checked fixture: dispatch 1 in March to 4 recipients (one unsubscribed), dispatch 2 sent
 * 2026-03-31 22:30 UTC, which is 1 April 00:30 in Berlin (summer time), to 5 recipients.
 */
const versande: Versand[] = [
  {
    dispatcher_id: 2,
    newsletter_id: 20,
    titel: 'April',
    versendet_time: new Date('2026-03-31T22:30:00Z'),
    empfaenger: 5,
    abmeldungen: 0,
  },
  {
    dispatcher_id: 1,
    newsletter_id: 10,
    titel: 'März',
    versendet_time: new Date('2026-03-10T10:00:00Z'),
    empfaenger: 4,
    abmeldungen: 1,
  },
];
const klick = (dispatcher_id: number, benutzer_id: number | null, zeit: string): Klick => ({
  dispatcher_id,
  benutzer_id,
  zeit: new Date(zeit),
});
const klicks: Klick[] = [
  klick(1, 10, '2026-03-10T12:00:00Z'),
  klick(1, 10, '2026-03-10T12:05:00Z'),
  klick(1, 11, '2026-03-12T09:00:00Z'),
  // A click nobody can be named for: a click, no clicking recipient.
  klick(1, null, '2026-03-11T09:00:00Z'),
  klick(2, 10, '2026-04-02T08:00:00Z'),
];
const buchung = (id: number, benutzer_ids: number[], zeit: string): Buchung => ({
  id,
  benutzer_ids,
  zeit: new Date(zeit),
});
const buchungen: Buchung[] = [
  // 10 days after 10's click in dispatch 1 (before its click in dispatch 2).
  buchung(100, [10], '2026-03-20T10:00:00Z'),
  // 26 days after 10's first click in 1, 3 days after its click in 2: follows both; as payer and participant once.
  buchung(101, [10, 10], '2026-04-05T10:00:00Z'),
  // 31 days after 11's click: too late.
  buchung(102, [11], '2026-04-12T10:00:00Z'),
  // 12 never clicked.
  buchung(103, [12], '2026-03-15T10:00:00Z'),
  // An hour before 10's first click: it did not follow it.
  buchung(104, [10], '2026-03-10T11:00:00Z'),
];

describe('newsletterWirkung', () => {
  const ergebnis = newsletterWirkung(versande, klicks, buchungen);

  it('counts per dispatch, in the order they went out', () => {
    expect(ergebnis.versande).toEqual([
      {
        dispatcher_id: 1,
        newsletter_id: 10,
        titel: 'März',
        versendet_time: new Date('2026-03-10T10:00:00Z'),
        monat: '2026-03',
        empfaenger: 4,
        klicks: 4,
        klickende: 2,
        klickrate: 0.5,
        abmeldungen: 1,
        buchungen: 2,
      },
      {
        dispatcher_id: 2,
        newsletter_id: 20,
        titel: 'April',
        versendet_time: new Date('2026-03-31T22:30:00Z'),
        monat: '2026-04',
        empfaenger: 5,
        klicks: 1,
        klickende: 1,
        klickrate: 0.2,
        abmeldungen: 0,
        buchungen: 1,
      },
    ]);
  });

  it('sums per Berlin month and for the period, a booking following two dispatches once', () => {
    expect(ergebnis.monate.map((m) => [m.monat, m.versande, m.empfaenger, m.klickende, m.buchungen])).toEqual(
      [
        ['2026-03', 1, 4, 2, 2],
        ['2026-04', 1, 5, 1, 1],
      ],
    );
    expect(ergebnis.summe).toEqual({
      versande: 2,
      empfaenger: 9,
      klicks: 5,
      klickende: 3,
      klickrate: 3 / 9,
      abmeldungen: 1,
      buchungen: 2,
    });
  });

  it('answers a rate of 0 without recipients and empty figures without dispatches', () => {
    const leer = newsletterWirkung([{ ...versande[0], empfaenger: 0 }], [], []);
    expect(leer.versande[0]).toMatchObject({ klickrate: 0, klickende: 0, buchungen: 0 });
    expect(newsletterWirkung([], klicks, buchungen)).toEqual({
      versande: [],
      monate: [],
      summe: {
        versande: 0,
        empfaenger: 0,
        klicks: 0,
        klickende: 0,
        klickrate: 0,
        abmeldungen: 0,
        buchungen: 0,
      },
    });
  });

  it('counts a booking exactly 30 days after a click, not one a second later', () => {
    const [v] = versande;
    const k = [klick(2, 50, '2026-04-01T10:00:00Z')];
    const an = (zeit: string) => newsletterWirkung([v], k, [buchung(1, [50], zeit)]).versande[0].buchungen;
    expect(an('2026-05-01T10:00:00Z')).toBe(1);
    expect(an('2026-05-01T10:00:01Z')).toBe(0);
  });
});
