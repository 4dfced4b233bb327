import {
  besuchteEvents,
  teilnehmerListe,
  teilnehmerZahlen,
  type Buchung,
  type NichtTeilnahme,
  type Person,
} from './teilnehmer';

const person = (id: number, nachname: string): Person => ({
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

  it('fills a row from the person, the company from the parent when the person has none', () => {
    const p: Person = {
      ...person(5, 'Muster'),
      kennnummer: 'K-5',
      vorname: 'Erika',
      anzeigename: 'Erika Muster',
      ansprache: 'Frau',
      email: 'erika@example.org',
      atr_mitglied: true,
      berufsbezeichnung: 'Steuerberaterin',
      stb_datum: '2001-05-01',
      parent: { id: 9, kennnummer: 'K-9', anzeigename: 'Kanzlei Muster', firma: 'Kanzlei Muster GmbH' },
    };
    const [zeile] = teilnehmerListe([{ ...buchung(1, 5, 11, 99.99), person: p }], [], EVENTS);
    expect(zeile).toEqual({
      benutzer_id: 5,
      kennnummer: 'K-5',
      vorname: 'Erika',
      nachname: 'Muster',
      anzeigename: 'Erika Muster',
      ansprache: 'Frau',
      firma: 'Kanzlei Muster GmbH',
      email: 'erika@example.org',
      typ: 'Mitglied',
      betrag: 99.99,
      mitglied: true,
      berufsbezeichnung: 'Steuerberaterin',
      stb_datum: '2001-05-01',
      parent: p.parent,
      event_ids: [11],
      teilnahme: true,
      nicht_teilnahme: [],
      is_in: true,
    });
    const eigene = teilnehmerListe(
      [{ ...buchung(1, 5, 11), person: { ...p, firma: 'Eigene AG' } }],
      [],
      EVENTS,
    );
    expect(eigene[0].firma).toBe('Eigene AG');
  });

  it('gives a guest empty person fields and no absences', () => {
    expect(teilnehmerListe([buchung(1, null, 12, 5)], [nicht(1, null)], EVENTS)).toEqual([
      {
        benutzer_id: null,
        kennnummer: null,
        vorname: null,
        nachname: null,
        anzeigename: 'Gast Gärtner',
        ansprache: null,
        firma: null,
        email: null,
        typ: 'Mitglied',
        betrag: 5,
        mitglied: false,
        berufsbezeichnung: null,
        stb_datum: null,
        parent: null,
        event_ids: [12],
        teilnahme: true,
        nicht_teilnahme: [],
        is_in: true,
      },
    ]);
  });

  it('keeps guests apart by name, and unnamed guests by booking', () => {
    const gast = (id: number, teilnehmer: string | null): Buchung => ({
      ...buchung(id, null, 11),
      teilnehmer,
    });
    expect(
      teilnehmerListe([gast(1, 'Anna Alt'), gast(2, 'Anna Alt'), gast(3, 'Bert Bach')], [], EVENTS),
    ).toEqual([
      expect.objectContaining({ anzeigename: 'Anna Alt', betrag: 20 }),
      expect.objectContaining({ anzeigename: 'Bert Bach', betrag: 10 }),
    ]);
    expect(teilnehmerListe([gast(1, null), gast(2, null)], [], EVENTS)).toHaveLength(2);
    // A guest named like a person's id is still no person.
    expect(teilnehmerListe([gast(1, '1'), buchung(2, 1, 11)], [], EVENTS)).toHaveLength(2);
  });

  it('joins distinct booking types, sums to the cent and leaves out an empty type', () => {
    const typ = (b: Buchung, buchung_typ: string | null, betrag: number | null): Buchung => ({
      ...b,
      buchung_typ,
      betrag,
    });
    const [zeile] = teilnehmerListe(
      [
        typ(buchung(1, 1, 11), 'Mitglied', 0.1),
        typ(buchung(2, 1, 12), 'Gast', 0.2),
        typ(buchung(3, 1, 12), 'Mitglied', null),
      ],
      [],
      EVENTS,
    );
    expect(zeile.typ).toBe('Mitglied, Gast');
    expect(zeile.betrag).toBe(0.3);
    expect(zeile.event_ids).toEqual([11, 12]);
    expect(teilnehmerListe([typ(buchung(1, 1, 11), null, 10)], [], EVENTS)[0].typ).toBeNull();
    const ohneTypZuerst = teilnehmerListe(
      [
        typ(buchung(1, 1, 13), null, 10),
        typ(buchung(2, 1, 11), 'Mitglied', 10),
        typ(buchung(3, 1, 12), null, 1),
      ],
      [],
      [11, 12, 13],
    );
    expect(ohneTypZuerst[0].typ).toBe('Mitglied');
    // The events in order, whatever the order of the bookings.
    expect(ohneTypZuerst[0].event_ids).toEqual([11, 12, 13]);
  });

  it('sorts by last name in German order, then by first name', () => {
    const mit = (id: number, nachname: string, vorname: string | null): Buchung => ({
      ...buchung(id, id, null),
      person: { ...person(id, nachname), vorname },
    });
    const gastOhneNachname: Buchung = { ...buchung(9, null, null), teilnehmer: 'Ötzi' };
    const namen = teilnehmerListe(
      [
        mit(1, 'Zander', 'Anna'),
        mit(2, 'Öhler', 'Bea'),
        mit(3, 'Müller', 'Carl'),
        mit(4, 'Müller', null),
        gastOhneNachname,
      ],
      [],
      EVENTS,
    ).map((z) => `${z.nachname ?? z.anzeigename} ${z.vorname ?? ''}`.trim());
    expect(namen).toEqual(['Müller', 'Müller Carl', 'Öhler Bea', 'Ötzi', 'Zander Anna']);
  });

  it('sorts by the last name, not the display name, and puts rows without a name first', () => {
    const mit = (
      id: number,
      nachname: string | null,
      vorname: string | null,
      anzeigename: string | null,
    ): Buchung => ({
      ...buchung(id, id, null),
      person: { ...person(id, 'x'), nachname, vorname, anzeigename },
    });
    const liste = teilnehmerListe(
      [
        mit(1, 'Meier', 'Anna', 'Anna Meier'),
        mit(2, 'Bauer', 'Zora', 'Zora Bauer'),
        mit(3, null, null, null),
        mit(4, 'Meier', 'Zora', 'Zora Meier'),
        mit(5, 'Meier', null, 'Meier'),
        mit(6, 'Zander', 'Bert', 'Bert Zander'),
        mit(7, 'Alt', 'Bea', 'Bea Alt'),
      ],
      [],
      EVENTS,
    );
    expect(liste.map((z) => z.benutzer_id)).toEqual([3, 7, 2, 5, 1, 4, 6]);
  });

  it('lets a participant without any booked event take part in the seminar', () => {
    const [zeile] = teilnehmerListe([buchung(1, 1, null)], [], []);
    expect(zeile).toEqual(expect.objectContaining({ event_ids: [], teilnahme: true, is_in: true }));
    expect(teilnehmerListe([buchung(1, 1, null)], [nicht(1, null)], [])[0].teilnahme).toBe(false);
  });

  it('does not let a participant absent from every booked event take part', () => {
    const [zeile] = teilnehmerListe([buchung(1, 1, 11)], [nicht(1, 11), nicht(2, 12)], EVENTS);
    expect(zeile.teilnahme).toBe(false);
    expect(zeile.nicht_teilnahme).toEqual([nicht(1, 11)]);
  });

  it('counts who takes part, per seminar and per event', () => {
    const zahlen = teilnehmerZahlen(
      [buchung(1, 1, null), buchung(2, 2, 12), buchung(3, 3, null)],
      [nicht(3, null), nicht(1, 12)],
      EVENTS,
    );
    expect(zahlen.seminar).toBe(2);
    expect([...zahlen.events]).toEqual([
      [11, 1],
      [12, 1],
    ]);
  });

  it('counts from the bookings alone exactly the rows the list shows as taking part', () => {
    const buchungen = [
      buchung(1, 1, 11),
      buchung(2, 1, 12),
      buchung(3, 2, null),
      buchung(4, 3, 12),
      buchung(5, null, 11),
      buchung(6, null, null),
      { ...buchung(7, null, 12), teilnehmer: null },
      { ...buchung(8, null, 12), teilnehmer: null },
    ];
    const nichtTeilnahmen = [nicht(1, 11), nicht(2, null), nicht(3, 12)];
    const liste = teilnehmerListe(buchungen, nichtTeilnahmen, EVENTS);
    // Only what counting reads: no names, no amounts.
    const nurTeilnahmen = buchungen.map(({ id, veranstaltung_event_id, teilnehmer, person }) => ({
      id,
      veranstaltung_event_id,
      teilnehmer,
      person: person && { id: person.id },
    }));
    const zahlen = teilnehmerZahlen(nurTeilnahmen, nichtTeilnahmen, EVENTS);
    expect(zahlen.seminar).toBe(liste.filter((z) => z.teilnahme).length);
    expect(zahlen.seminar).toBe(4);
    expect([...zahlen.events]).toEqual(
      EVENTS.map((id) => [id, liste.filter((z) => besuchteEvents(z).includes(id)).length]),
    );
    expect([...zahlen.events]).toEqual([
      [11, 1],
      [12, 4],
    ]);
  });
});

describe('besuchteEvents', () => {
  it('leaves out the events with an absence, and all of them after an absence from the whole seminar', () => {
    expect(besuchteEvents({ event_ids: [11, 12, 13], nicht_teilnahme: [nicht(1, 12)] })).toEqual([11, 13]);
    expect(besuchteEvents({ event_ids: [11, 12], nicht_teilnahme: [nicht(1, 11), nicht(1, null)] })).toEqual(
      [],
    );
    expect(besuchteEvents({ event_ids: [11], nicht_teilnahme: [] })).toEqual([11]);
  });

  it('counts every event of the seminar, also those nobody attends', () => {
    const zahlen = teilnehmerZahlen([buchung(1, 1, 11)], [], [11, 12, 13]);
    expect([...zahlen.events]).toEqual([
      [11, 1],
      [12, 0],
      [13, 0],
    ]);
    expect(teilnehmerZahlen([], [], [11]).seminar).toBe(0);
    const drei = [buchung(1, 1, 11), buchung(2, 2, 11), buchung(3, 3, 11)];
    expect([...teilnehmerZahlen(drei, [], [11]).events]).toEqual([[11, 3]]);
  });
});
