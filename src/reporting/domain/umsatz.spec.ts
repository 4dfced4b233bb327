import {
  nettoCents,
  postenJeMonat,
  umsatzDatum,
  umsatzJahr,
  umsatzMonat,
  type UmsatzBuchung,
} from './umsatz';

const buchung = (werte: Partial<UmsatzBuchung>): UmsatzBuchung => ({
  kategorie: 'seminare',
  bruttoCents: 0,
  mwstSatz: 19,
  buchungZeit: null,
  eventDatum: null,
  seminarBeginn: null,
  turnusVon: null,
  posten: { id: 1, titel: 'Seminar' },
  ...werte,
});

describe('nettoCents', () => {
  it.each([
    [11900, 19, 10000],
    [10700, 7, 10000],
    [29000, 19, 24370], // 243,6975 → 243,70
    [58000, 19, 48739], // 487,3949… → 487,39 (twice 290,00 € rounded once, not twice)
    [100, 19, 84],
    [1, 19, 1],
    [1999, 19, 1680],
    [12345, 7, 11537],
    [-11900, 19, -10000],
    [-29000, 19, -24370],
    [34900, 0, 34900],
    [0, 19, 0],
    [1, 100, 1], // a half cent rounds away from zero
    [3, 100, 2],
    [-1, 100, -1],
    [-3, 100, -2],
    [99999999999, 19, 84033613445],
  ])('%i cents gross at %s %% are %i cents net', (brutto, satz, netto) => {
    expect(nettoCents(brutto, satz)).toBe(netto);
  });
});

describe('net at fractional rates', () => {
  it('nets a fractional rate and a rate of less than a hundredth as none', () => {
    expect(nettoCents(10550, 5.5)).toBe(10000);
    expect(nettoCents(10000, 0.004)).toBe(10000);
  });
});

describe('umsatzDatum: the day whose month the revenue belongs to', () => {
  const gebucht = new Date('2025-11-03T10:00:00Z');
  it.each<[string, Partial<UmsatzBuchung>, string | null]>([
    [
      'a seminar by its event',
      { eventDatum: '2026-02-10', seminarBeginn: new Date('2026-01-20T08:00:00Z') },
      '2026-02-10',
    ],
    ['a seminar by its start in Berlin', { seminarBeginn: new Date('2026-03-31T22:30:00Z') }, '2026-04-01'],
    ['a seminar without dates by its booking', {}, '2025-11-03'],
    ['an Abo by its period', { kategorie: 'abos', turnusVon: '2026-01-01' }, '2026-01-01'],
    [
      'a bundle by its booking in Berlin',
      { kategorie: 'bundle', buchungZeit: new Date('2025-12-31T23:30:00Z') },
      '2026-01-01',
    ],
    ['a product by its booking', { kategorie: 'produkte' }, '2025-11-03'],
    ['a product without booking time', { kategorie: 'produkte', buchungZeit: null }, null],
  ])('%s', (_fall, werte, datum) => {
    expect(umsatzDatum(buchung({ buchungZeit: gebucht, ...werte }))).toBe(datum);
  });
});

describe('umsatzJahr and umsatzMonat', () => {
  const seminar = { id: 7, titel: 'LG-1 - Umsatzsteuer' };
  const buchungen = [
    buchung({ bruttoCents: 29000, eventDatum: '2026-03-10', posten: seminar }),
    buchung({ bruttoCents: 29000, seminarBeginn: new Date('2026-03-10T08:00:00Z'), posten: seminar }),
    buchung({
      bruttoCents: 34900,
      mwstSatz: 0,
      seminarBeginn: new Date('2026-03-12T08:00:00Z'),
      posten: { id: 8, titel: 'Ohne USt' },
    }),
    buchung({
      kategorie: 'abos',
      bruttoCents: 11900,
      turnusVon: '2026-03-01',
      posten: { id: 3, titel: 'Abo', turnusId: 30 },
    }),
    buchung({
      kategorie: 'abos',
      bruttoCents: 11900,
      turnusVon: '2026-04-01',
      posten: { id: 3, titel: 'Abo', turnusId: 31 },
    }),
    buchung({
      kategorie: 'bundle',
      bruttoCents: 10700,
      mwstSatz: 7,
      buchungZeit: new Date('2026-03-31T21:00:00Z'),
      posten: { id: 4, titel: 'Bundle' },
    }),
    buchung({
      kategorie: 'produkte',
      bruttoCents: 1999,
      buchungZeit: new Date('2026-12-31T22:59:00Z'),
      posten: { id: 5, titel: 'Buch' },
    }),
    // Berlin 2027-01-01: not part of 2026
    buchung({
      kategorie: 'produkte',
      bruttoCents: 1999,
      buchungZeit: new Date('2026-12-31T23:00:00Z'),
      posten: { id: 5, titel: 'Buch' },
    }),
  ];

  it('sums net cents per month and category, and over the year', () => {
    const { monate, summe } = umsatzJahr(2026, buchungen);
    expect(monate.map((m) => m.monat)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(monate[0]).toEqual({
      monat: '2026-01',
      seminare: 0,
      abos: 0,
      bundle: 0,
      produkte: 0,
      gesamt: 0,
      buchungen: 0,
    });
    expect(monate[2]).toEqual({
      monat: '2026-03',
      seminare: 48739 + 34900,
      abos: 10000,
      bundle: 10000,
      produkte: 0,
      gesamt: 48739 + 34900 + 10000 + 10000,
      buchungen: 5,
    });
    expect(monate[3]).toMatchObject({ abos: 10000, gesamt: 10000, buchungen: 1 });
    expect(monate[11]).toMatchObject({ produkte: 1680, gesamt: 1680, buchungen: 1 });
    expect(summe).toEqual({
      seminare: 83639,
      abos: 20000,
      bundle: 10000,
      produkte: 1680,
      gesamt: 115319,
      buchungen: 7,
    });
  });

  it('lists a month per seminar, Abo period, bundle and product, adding up to its totals', () => {
    const { posten, summe } = umsatzMonat('2026-03', buchungen);
    expect(
      posten.map((p) => [p.kategorie, p.posten.titel, p.datum, p.buchungen, p.bruttoCents, p.nettoCents]),
    ).toEqual([
      ['seminare', 'LG-1 - Umsatzsteuer', '2026-03-10', 2, 58000, 48739],
      ['seminare', 'Ohne USt', '2026-03-12', 1, 34900, 34900],
      ['abos', 'Abo', '2026-03-01', 1, 11900, 10000],
      ['bundle', 'Bundle', '2026-03-31', 1, 10700, 10000],
    ]);
    expect(posten.reduce((s, p) => s + p.nettoCents, 0)).toBe(summe.gesamt);
    expect(umsatzMonat('2026-05', buchungen)).toEqual({
      posten: [],
      summe: { seminare: 0, abos: 0, bundle: 0, produkte: 0, gesamt: 0, buchungen: 0 },
    });
  });

  it('keeps the lines of one seminar apart when its VAT rate differs', () => {
    const jeMonat = postenJeMonat([
      buchung({ bruttoCents: 11900, eventDatum: '2026-05-02' }),
      buchung({ bruttoCents: 10700, mwstSatz: 7, eventDatum: '2026-05-03' }),
    ]);
    expect(jeMonat.get('2026-05')?.map((p) => [p.mwstSatz, p.nettoCents])).toEqual([
      [19, 10000],
      [7, 10000],
    ]);
  });
});

describe('the lines of a month', () => {
  const zeile = (p: { kategorie: string; posten: { titel: string }; datum: string; buchungen: number }) =>
    `${p.kategorie} ${p.posten.titel} ${p.datum} ${p.buchungen}`;

  it('are in category order, then by their earliest day, then by title', () => {
    const jeMonat = postenJeMonat([
      buchung({
        kategorie: 'produkte',
        buchungZeit: new Date('2026-03-02T10:00:00Z'),
        posten: { id: 9, titel: 'Buch' },
      }),
      buchung({ kategorie: 'abos', turnusVon: '2026-03-01', posten: { id: 3, titel: 'Abo', turnusId: 30 } }),
      buchung({ eventDatum: '2026-03-15', posten: { id: 2, titel: 'Zoll' } }),
      buchung({ eventDatum: '2026-03-10', posten: { id: 2, titel: 'Zoll' } }),
      buchung({ eventDatum: '2026-03-20', posten: { id: 2, titel: 'Zoll' } }),
      buchung({ eventDatum: '2026-03-12', posten: { id: 4, titel: 'Umsatzsteuer' } }),
      buchung({ eventDatum: '2026-03-12', posten: { id: 5, titel: 'Ärztehonorare' } }),
      buchung({ kategorie: 'abos', turnusVon: '2026-03-01', posten: { id: 3, titel: 'Abo', turnusId: 31 } }),
    ]);
    expect(jeMonat.get('2026-03')?.map(zeile)).toEqual([
      'seminare Zoll 2026-03-10 3',
      'seminare Ärztehonorare 2026-03-12 1',
      'seminare Umsatzsteuer 2026-03-12 1',
      // One line per Abo period.
      'abos Abo 2026-03-01 1',
      'abos Abo 2026-03-01 1',
      'produkte Buch 2026-03-02 1',
    ]);
  });

  it('leave out bookings without a day, and keep objects with similar ids apart', () => {
    const jeMonat = postenJeMonat([
      buchung({ kategorie: 'produkte', posten: { id: 9, titel: 'Ohne Datum' } }),
      buchung({ eventDatum: '2026-04-01', mwstSatz: 19, posten: { id: 1, titel: 'Eins' } }),
      buchung({ eventDatum: '2026-04-01', mwstSatz: 9, posten: { id: 11, titel: 'Elf' } }),
    ]);
    expect([...jeMonat.keys()]).toEqual(['2026-04']);
    expect(jeMonat.get('2026-04')?.map(zeile)).toEqual([
      'seminare Eins 2026-04-01 1',
      'seminare Elf 2026-04-01 1',
    ]);
  });
});
