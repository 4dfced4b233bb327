import {
  besucherListe,
  besucherZahl,
  gesamtKennzahlen,
  kennzahlenJeSeminar,
  nettoSumme,
  teilnehmenderBenutzer,
  seminarKosten,
  teilnehmerSchluessel,
  type SeminarBuchung,
} from './seminare';

let naechsteId = 1;
const buchung = (werte: Partial<SeminarBuchung>): SeminarBuchung => ({
  id: naechsteId++,
  veranstaltungId: 1,
  teilnehmerId: null,
  benutzerId: null,
  teilnehmerName: null,
  bruttoCents: 29000,
  mwstSatz: 19,
  ...werte,
});

describe('who takes part', () => {
  it.each<[string, Partial<SeminarBuchung>, string, number | null]>([
    ['the participating Benutzer', { teilnehmerId: 5, benutzerId: 9, teilnehmerName: 'Anna' }, 'b5', 5],
    ['the booking person without named participant', { benutzerId: 9 }, 'b9', 9],
    [
      'a guest by name, per booking person',
      { benutzerId: 9, teilnehmerName: ' Gast Meier ' },
      'g9:gast meier',
      null,
    ],
    ['a guest without booking person', { teilnehmerName: 'Gast' }, 'g:gast', null],
    ['nobody named: the booking alone', { id: 42 }, 't42', null],
  ])('%s', (_fall, werte, schluessel, benutzer) => {
    expect(teilnehmerSchluessel(buchung(werte))).toBe(schluessel);
    expect(teilnehmenderBenutzer(buchung(werte))).toBe(benutzer);
  });
});

describe('nettoSumme', () => {
  it.each<[string, [number, number][], number]>([
    [
      'one rate: rounded once from the gross sum',
      [
        [29000, 19],
        [29000, 19],
      ],
      48739,
    ],
    [
      'two rates: each rounded',
      [
        [11900, 19],
        [10700, 7],
      ],
      20000,
    ],
    ['without VAT', [[34900, 0]], 34900],
    [
      'a correction with a negative amount',
      [
        [29000, 19],
        [-2900, 19],
      ],
      21933,
    ],
    ['nothing', [], 0],
  ])('%s', (_fall, betraege, netto) => {
    expect(nettoSumme(betraege.map(([bruttoCents, mwstSatz]) => ({ bruttoCents, mwstSatz })))).toBe(netto);
  });
});

describe('seminar figures', () => {
  const buchungen = [
    buchung({ veranstaltungId: 1, teilnehmerId: 5, benutzerId: 5 }),
    buchung({ veranstaltungId: 1, teilnehmerId: 6, benutzerId: 100, bruttoCents: 34900 }),
    buchung({ veranstaltungId: 1, benutzerId: 100, teilnehmerName: 'Gast Meier', bruttoCents: 34900 }),
    // The same participant's second event of seminar 1
    buchung({ veranstaltungId: 1, teilnehmerId: 5, benutzerId: 5, bruttoCents: 19000 }),
    buchung({ veranstaltungId: 2, teilnehmerId: 5, benutzerId: 5, bruttoCents: 10700, mwstSatz: 7 }),
  ];

  it('counts distinct participants and nets per seminar', () => {
    expect(besucherZahl(buchungen)).toBe(3);
    expect(Object.fromEntries(kennzahlenJeSeminar(buchungen))).toEqual({
      // (290 + 349 + 349 + 190) € = 1.178,00 € gross at 19 % → 989,92 €
      1: { besucher: 3, buchungen: 4, nettoCents: 98992 },
      2: { besucher: 1, buchungen: 1, nettoCents: 10000 },
    });
    expect(gesamtKennzahlen(buchungen)).toEqual({ besucher: 3, buchungen: 5, nettoCents: 108992 });
  });

  it('lists each participant with their seminars, most seminars first', () => {
    expect(
      besucherListe(buchungen).map((b) => [b.schluessel, b.seminare, b.buchungen, b.nettoCents]),
    ).toEqual([
      ['b5', 2, 3, 40336 + 10000], // (290 + 190) € at 19 % → 403,36 €, plus 107 € at 7 %
      ['b6', 1, 1, 29328],
      ['g100:gast meier', 1, 1, 29328],
    ]);
  });
});

describe('the order of the participant list', () => {
  it('puts most seminars first, then most net revenue, then the key', () => {
    const netto0 = (werte: Partial<SeminarBuchung>) => buchung({ mwstSatz: 0, ...werte });
    const liste = besucherListe([
      netto0({ teilnehmerId: 4, bruttoCents: 10000 }),
      netto0({ teilnehmerId: 1, bruttoCents: 10000 }),
      netto0({ teilnehmerId: 3, bruttoCents: 20000 }),
      netto0({ teilnehmerId: 2, bruttoCents: 100 }),
      netto0({ teilnehmerId: 2, veranstaltungId: 2, bruttoCents: 100 }),
    ]);
    expect(liste.map((b) => [b.schluessel, b.seminare, b.nettoCents])).toEqual([
      ['b2', 2, 200],
      ['b3', 1, 20000],
      ['b1', 1, 10000],
      ['b4', 1, 10000],
    ]);
    expect(liste[0].beispiel.teilnehmerId).toBe(2);
  });
});

describe('seminarKosten', () => {
  it('sums the cost items of all events in cents, ignoring Sollbuchung, Referenzpreis and what is no number', () => {
    expect(
      seminarKosten([
        { sollbuchung: 20, referenz_preis: 290, referenten: 800.1, raum: 150.2, catering: 99.99 },
        { sonstige: '12.5', raum: 'viel' },
        null,
      ]),
    ).toBe(80010 + 15020 + 9999 + 1250);
    expect(seminarKosten([])).toBe(0);
  });
});
