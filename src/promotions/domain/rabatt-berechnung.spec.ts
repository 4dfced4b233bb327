import {
  prozentVon,
  rabattAbzug,
  rabatteBerechnen,
  type FruehereBuchung,
  type RabattBuchung,
  type RabattRegel,
} from './rabatt-berechnung';

/** A discount with the defaults of spec 002 §9 (typ full, wert 0, aktiv, 90 and 20 days, alle). */
const regel = (aenderung: Partial<RabattRegel> = {}): RabattRegel => ({
  id: 1,
  titel: 'Rabatt',
  aktiv: true,
  typ: 'full',
  wert: 0,
  minPreis: null,
  maxTeilnehmerBuchungen: 0,
  maxSeminarBuchungen: 0,
  jederXte: 0,
  gueltigVon: null,
  gueltigBis: null,
  gueltigSeminarbezogen: false,
  gueltigVonTageVorSeminar: 90,
  gueltigBisTageVorSeminar: 20,
  seminarAuswahlTyp: 'alle',
  seminareVon: null,
  seminareBis: null,
  seminarIds: [],
  seminarTypIds: [],
  benutzerAuswahlTyp: 'alle',
  gruppenIds: [],
  ...aenderung,
});

/** Teilnehmer 7 books seminar 100 (type 3) taking place on 2026-06-15, on 2026-04-01, for 249,00 €. */
const buchung = (aenderung: Partial<RabattBuchung> = {}): RabattBuchung => ({
  preis: 24900,
  teilnehmer: { id: 7, gruppenIds: [40] },
  seminar: { id: 100, typId: 3, datum: '2026-06-15' },
  buchungsdatum: '2026-04-01',
  frueher: [],
  ...aenderung,
});

/** `n` earlier bookings of seminar 100 by other participants, without this discount. */
const andere = (n: number): FruehereBuchung[] =>
  Array.from({ length: n }, (_, i) => ({ teilnehmerId: 1000 + i, seminarId: 100, rabattIds: [] }));

describe('prozentVon rounds commercially to the cent', () => {
  it.each([
    [24900, 10, 2490],
    [19999, 12.5, 2500], // 2499,875 → 2500
    [1999, 33.33, 666], // 666,2667
    [1001, 50, 501], // 500,5 → 501
    [3, 50, 2], // 1,5 → 2
    [2, 25, 1], // 0,5 → 1
    [10000, 100, 10000],
    [24900, 0, 0],
  ])('%i cents, %d %% → %i', (betrag, prozent, cents) => expect(prozentVon(betrag, prozent)).toBe(cents));
});

describe('rabattAbzug per type', () => {
  it.each([
    ['full 199 € of 249 €', { typ: 'full', wert: 19900, minPreis: null }, 24900, 5000],
    ['full above the price takes nothing', { typ: 'full', wert: 30000, minPreis: null }, 24900, 0],
    ['full 0 € (free)', { typ: 'full', wert: 0, minPreis: null }, 24900, 24900],
    ['percent 15 %', { typ: 'percent', wert: 15, minPreis: null }, 24900, 3735],
    ['percent 12,5 % of 99,99 €', { typ: 'percent', wert: 12.5, minPreis: null }, 9999, 1250], // 1249,875
    ['percent with minPreis 230 €', { typ: 'percent', wert: 10, minPreis: 23000 }, 24900, 1900],
    ['percent below minPreis already', { typ: 'percent', wert: 10, minPreis: 30000 }, 24900, 0],
    ['reduction 50 €', { typ: 'reduction', wert: 5000, minPreis: null }, 24900, 5000],
    ['reduction above the price', { typ: 'reduction', wert: 30000, minPreis: null }, 24900, 24900],
    ['reduction with minPreis', { typ: 'reduction', wert: 5000, minPreis: 22000 }, 24900, 2900],
  ] as const)('%s', (_, r, preis, abzug) => expect(rabattAbzug(r, preis)).toBe(abzug));
});

describe('rabatteBerechnen: a table of bookings, each with its amount to the cent', () => {
  const cases: [string, RabattRegel[], RabattBuchung, number, number[]][] = [
    ['no discount: the price', [], buchung(), 24900, []],
    ['percent, always valid', [regel({ typ: 'percent', wert: 10 })], buchung(), 22410, [1]],
    [
      'inactive discounts do not apply',
      [regel({ typ: 'percent', wert: 10, aktiv: false })],
      buchung(),
      24900,
      [],
    ],
    ['fixed price', [regel({ typ: 'full', wert: 19900 })], buchung(), 19900, [1]],
    ['reduction', [regel({ typ: 'reduction', wert: 2550 })], buchung(), 22350, [1]],
    [
      'reduction never below minPreis',
      [regel({ typ: 'reduction', wert: 5000, minPreis: 22000 })],
      buchung(),
      22000,
      [1],
    ],
    // zeitraum: the booking day counts inclusively at both ends
    [
      'zeitraum: first day',
      [regel({ typ: 'percent', wert: 10, gueltigVon: '2026-04-01', gueltigBis: '2026-04-30' })],
      buchung(),
      22410,
      [1],
    ],
    [
      'zeitraum: last day',
      [regel({ typ: 'percent', wert: 10, gueltigVon: '2026-03-01', gueltigBis: '2026-04-01' })],
      buchung(),
      22410,
      [1],
    ],
    [
      'zeitraum: after it',
      [regel({ typ: 'percent', wert: 10, gueltigBis: '2026-03-31' })],
      buchung(),
      24900,
      [],
    ],
    [
      'zeitraum: before it',
      [regel({ typ: 'percent', wert: 10, gueltigVon: '2026-04-02' })],
      buchung(),
      24900,
      [],
    ],
    // seminarbezogen: from 90 until 20 days before the seminar (2026-06-15)
    [
      'days before: 75 days',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true })],
      buchung(),
      22410,
      [1],
    ],
    [
      'days before: exactly 90',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true })],
      buchung({ buchungsdatum: '2026-03-17' }),
      22410,
      [1],
    ],
    [
      'days before: 91 is too early',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true })],
      buchung({ buchungsdatum: '2026-03-16' }),
      24900,
      [],
    ],
    [
      'days before: exactly 20',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true })],
      buchung({ buchungsdatum: '2026-05-26' }),
      22410,
      [1],
    ],
    [
      'days before: 19 is too late',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true })],
      buchung({ buchungsdatum: '2026-05-27' }),
      24900,
      [],
    ],
    [
      'days before: dates are ignored',
      [regel({ typ: 'percent', wert: 10, gueltigSeminarbezogen: true, gueltigBis: '2020-01-01' })],
      buchung(),
      22410,
      [1],
    ],
    [
      'days before: an event date counts',
      [
        regel({
          typ: 'reduction',
          wert: 1000,
          gueltigSeminarbezogen: true,
          gueltigVonTageVorSeminar: 10,
          gueltigBisTageVorSeminar: 0,
        }),
      ],
      buchung({ seminar: { id: 100, typId: 3, datum: '2026-04-08' } }),
      23900,
      [1],
    ],
    // seminar selection
    [
      'einzelne: this seminar',
      [regel({ typ: 'reduction', wert: 1000, seminarAuswahlTyp: 'einzelne', seminarIds: [99, 100] })],
      buchung(),
      23900,
      [1],
    ],
    [
      'einzelne: another seminar',
      [regel({ typ: 'reduction', wert: 1000, seminarAuswahlTyp: 'einzelne', seminarIds: [99] })],
      buchung(),
      24900,
      [],
    ],
    [
      'typen: the seminar’s type',
      [regel({ typ: 'reduction', wert: 1000, seminarAuswahlTyp: 'typen', seminarTypIds: [3] })],
      buchung(),
      23900,
      [1],
    ],
    [
      'typen: another type',
      [regel({ typ: 'reduction', wert: 1000, seminarAuswahlTyp: 'typen', seminarTypIds: [4] })],
      buchung(),
      24900,
      [],
    ],
    [
      'typen: a seminar without type',
      [regel({ typ: 'reduction', wert: 1000, seminarAuswahlTyp: 'typen', seminarTypIds: [3] })],
      buchung({ seminar: { id: 100, typId: null, datum: '2026-06-15' } }),
      24900,
      [],
    ],
    [
      'seminareVon/Bis: inside',
      [regel({ typ: 'reduction', wert: 1000, seminareVon: '2026-06-15', seminareBis: '2026-06-15' })],
      buchung(),
      23900,
      [1],
    ],
    [
      'seminareVon/Bis: seminar later',
      [regel({ typ: 'reduction', wert: 1000, seminareBis: '2026-06-14' })],
      buchung(),
      24900,
      [],
    ],
    [
      'seminareVon/Bis: seminar earlier',
      [regel({ typ: 'reduction', wert: 1000, seminareVon: '2026-06-16' })],
      buchung(),
      24900,
      [],
    ],
    // participant selection
    [
      'gruppen: participant in one group',
      [regel({ typ: 'percent', wert: 20, benutzerAuswahlTyp: 'gruppen', gruppenIds: [39, 40] })],
      buchung(),
      19920,
      [1],
    ],
    [
      'gruppen: participant in none',
      [regel({ typ: 'percent', wert: 20, benutzerAuswahlTyp: 'gruppen', gruppenIds: [41] })],
      buchung(),
      24900,
      [],
    ],
    [
      'gruppen: participant without groups',
      [regel({ typ: 'percent', wert: 20, benutzerAuswahlTyp: 'gruppen', gruppenIds: [40] })],
      buchung({ teilnehmer: { id: 7, gruppenIds: [] } }),
      24900,
      [],
    ],
    // limits
    [
      'per participant: second of 2',
      [regel({ typ: 'reduction', wert: 5000, maxTeilnehmerBuchungen: 2 })],
      buchung({ frueher: [{ teilnehmerId: 7, seminarId: 55, rabattIds: [1] }] }),
      19900,
      [1],
    ],
    [
      'per participant: third of 2',
      [regel({ typ: 'reduction', wert: 5000, maxTeilnehmerBuchungen: 2 })],
      buchung({
        frueher: [
          { teilnehmerId: 7, seminarId: 55, rabattIds: [1] },
          { teilnehmerId: 7, seminarId: 56, rabattIds: [1, 2] },
        ],
      }),
      24900,
      [],
    ],
    [
      'per participant: bookings without it do not count',
      [regel({ typ: 'reduction', wert: 5000, maxTeilnehmerBuchungen: 1 })],
      buchung({ frueher: [{ teilnehmerId: 7, seminarId: 55, rabattIds: [2] }] }),
      19900,
      [1],
    ],
    [
      'per seminar: 10th of 10',
      [regel({ typ: 'percent', wert: 10, maxSeminarBuchungen: 10 })],
      buchung({ frueher: andere(9).map((b) => ({ ...b, rabattIds: [1] })) }),
      22410,
      [1],
    ],
    [
      'per seminar: 11th of 10',
      [regel({ typ: 'percent', wert: 10, maxSeminarBuchungen: 10 })],
      buchung({ frueher: andere(10).map((b) => ({ ...b, rabattIds: [1] })) }),
      24900,
      [],
    ],
    [
      'per seminar: other seminars do not count',
      [regel({ typ: 'percent', wert: 10, maxSeminarBuchungen: 1 })],
      buchung({ frueher: [{ teilnehmerId: 8, seminarId: 55, rabattIds: [1] }] }),
      22410,
      [1],
    ],
    // every X-th booking of the seminar
    [
      'every 5th: the 5th is free',
      [regel({ typ: 'full', wert: 0, jederXte: 5 })],
      buchung({ frueher: andere(4) }),
      0,
      [1],
    ],
    [
      'every 5th: the 4th pays',
      [regel({ typ: 'full', wert: 0, jederXte: 5 })],
      buchung({ frueher: andere(3) }),
      24900,
      [],
    ],
    [
      'every 5th: the 6th pays',
      [regel({ typ: 'full', wert: 0, jederXte: 5 })],
      buchung({ frueher: andere(5) }),
      24900,
      [],
    ],
    [
      'every 5th: the 10th is free',
      [regel({ typ: 'full', wert: 0, jederXte: 5 })],
      buchung({ frueher: andere(9) }),
      0,
      [1],
    ],
    [
      'every 3rd: other seminars do not count',
      [regel({ typ: 'percent', wert: 50, jederXte: 3 })],
      buchung({ frueher: [...andere(2), { teilnehmerId: 9, seminarId: 55, rabattIds: [] }] }),
      12450,
      [1],
    ],
    // several discounts: the one taking most off is applied
    [
      'the best of several',
      [
        regel({ id: 1, typ: 'percent', wert: 10 }),
        regel({ id: 2, typ: 'reduction', wert: 3000 }),
        regel({ id: 3, typ: 'full', wert: 23000 }),
      ],
      buchung(),
      21900,
      [2, 1, 3],
    ],
    [
      'a limited one drops out, the next applies',
      [
        regel({ id: 1, typ: 'reduction', wert: 8000, maxTeilnehmerBuchungen: 1 }),
        regel({ id: 2, typ: 'percent', wert: 10 }),
      ],
      buchung({ frueher: [{ teilnehmerId: 7, seminarId: 55, rabattIds: [1] }] }),
      22410,
      [2],
    ],
    [
      'a free booking: price 0 takes nothing off',
      [regel({ typ: 'percent', wert: 10 })],
      buchung({ preis: 0 }),
      0,
      [],
    ],
  ];

  it.each(cases)('%s', (_, regeln, b, betrag, ids) => {
    const ergebnis = rabatteBerechnen(regeln, b);
    expect(ergebnis.betrag).toBe(betrag);
    expect(ergebnis.rabatte.map((r) => r.id)).toEqual(ids);
    expect(ergebnis.gewaehlt?.id ?? null).toBe(ids[0] ?? null);
    for (const r of ergebnis.rabatte) expect(r.betrag).toBe(b.preis - r.abzug);
  });
});
