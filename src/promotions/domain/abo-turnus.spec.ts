import {
  faelligeSchulden,
  fehlendePerioden,
  fruehestesEnde,
  kuendigung,
  KUENDIGUNG_FEHLT,
  KUENDIGUNG_VERGANGEN,
  KUENDIGUNG_VOR_BEGINN,
  KUENDIGUNG_ZU_WEIT,
  naechstePeriode,
  periodeAm,
  type AboTakt,
  type Turnus,
} from './abo-turnus';

const monatlich: AboTakt = {
  turnustyp: 'monatlich',
  stichtag: 1,
  stichmonat: null,
  turn_offset_days: 0,
  abrechnungsintervall: 1,
  instant_storno: false,
  dyn_kuend_frist: false,
};
const jaehrlich: AboTakt = { ...monatlich, turnustyp: 'jaehrlich', stichmonat: 1 };

function turni(takt: AboTakt, von: string, anzahl: number, felder: Partial<Turnus> = {}): Turnus[] {
  const liste: Turnus[] = [];
  let periode = periodeAm(takt, von);
  for (let i = 0; i < anzahl; i++) {
    liste.push({
      id: i + 1,
      ...periode,
      preis: 10_000,
      preisgarantie: 1,
      verlaengerung: 1,
      kuendigungsfrist: 14,
      pause: false,
      ...felder,
    });
    periode = naechstePeriode(takt, periode);
  }
  return liste;
}

describe('periods (spec 003 §3)', () => {
  it('monthly from the stichtag to the day before the next, across the year end', () => {
    const takt = { ...monatlich, stichtag: 15 };
    expect(periodeAm(takt, '2025-12-20')).toEqual({ von: '2025-12-15', bis: '2026-01-14' });
    expect(periodeAm(takt, '2026-01-03')).toEqual({ von: '2025-12-15', bis: '2026-01-14' });
    expect(naechstePeriode(takt, { von: '2025-12-15', bis: '2026-01-14' })).toEqual({
      von: '2026-01-15',
      bis: '2026-02-14',
    });
  });

  it('stichtag 28 holds in February, also in a leap year', () => {
    const takt = { ...monatlich, stichtag: 28 };
    expect(periodeAm(takt, '2026-02-28')).toEqual({ von: '2026-02-28', bis: '2026-03-27' });
    expect(periodeAm(takt, '2026-02-27')).toEqual({ von: '2026-01-28', bis: '2026-02-27' });
    expect(periodeAm(takt, '2028-02-29')).toEqual({ von: '2028-02-28', bis: '2028-03-27' });
  });

  it('yearly from stichmonat and stichtag, across the year end', () => {
    const takt = { ...jaehrlich, stichmonat: 10, stichtag: 1 };
    expect(periodeAm(takt, '2026-02-01')).toEqual({ von: '2025-10-01', bis: '2026-09-30' });
    expect(periodeAm(takt, '2026-10-01')).toEqual({ von: '2026-10-01', bis: '2027-09-30' });
    expect(periodeAm(jaehrlich, '2026-12-31')).toEqual({ von: '2026-01-01', bis: '2026-12-31' });
  });

  it('the periods due by today are added, billed turn_offset_days early, with their billing interval', () => {
    const takt = { ...monatlich, turn_offset_days: 5 };
    const letzte = { von: '2026-01-01', bis: '2026-01-31' };
    expect(fehlendePerioden(takt, letzte, '2026-01-26')).toEqual([]);
    expect(fehlendePerioden(takt, letzte, '2026-01-27')).toEqual([{ von: '2026-02-01', bis: '2026-02-28' }]);
    expect(fehlendePerioden({ ...takt, abrechnungsintervall: 3 }, letzte, '2026-01-27')).toEqual([
      { von: '2026-02-01', bis: '2026-02-28' },
      { von: '2026-03-01', bis: '2026-03-31' },
      { von: '2026-04-01', bis: '2026-04-30' },
    ]);
  });
});

describe('what a booking owes', () => {
  it('each due period once, at the price of its period, a paused one not', () => {
    const liste = turni(monatlich, '2026-01-01', 4);
    liste[1].preis = 12_050;
    liste[2].pause = true;
    const schulden = faelligeSchulden(
      monatlich,
      liste,
      { first_turnus_id: 1, last_turnus_id: null },
      '2026-03-31',
    );
    expect(schulden).toEqual([
      { turnus_id: 1, betrag: 10_000 },
      { turnus_id: 2, betrag: 12_050 },
    ]);
  });

  it('the first period’s price for its price guarantee, then the period’s', () => {
    const liste = turni(jaehrlich, '2024-01-01', 4, { preisgarantie: 2 });
    liste.forEach((t, i) => (t.preis = 59_000 + 2_000 * i));
    liste[1].preisgarantie = 1;
    const schulden = faelligeSchulden(
      jaehrlich,
      liste,
      { first_turnus_id: 2, last_turnus_id: null },
      '2027-01-01',
    );
    // Booked in the second year, whose guarantee is one period: later years pay their own price.
    expect(schulden.map((s) => s.betrag)).toEqual([61_000, 63_000, 65_000]);
    const garantiert = faelligeSchulden(
      jaehrlich,
      liste,
      { first_turnus_id: 1, last_turnus_id: null },
      '2027-01-01',
    );
    expect(garantiert.map((s) => s.betrag)).toEqual([59_000, 59_000, 63_000, 65_000]);
  });

  it('a cancelled booking owes nothing after its last period', () => {
    const liste = turni(monatlich, '2026-01-01', 4);
    const schulden = faelligeSchulden(
      monatlich,
      liste,
      { first_turnus_id: 1, last_turnus_id: 2 },
      '2026-12-31',
    );
    expect(schulden.map((s) => s.turnus_id)).toEqual([1, 2]);
  });

  it('billing intervals count from the booking’s first period and bill all their periods at once', () => {
    const takt = { ...monatlich, abrechnungsintervall: 3, turn_offset_days: 10 };
    const liste = turni(takt, '2026-01-01', 7);
    const lauf = { first_turnus_id: 2, last_turnus_id: null };
    expect(faelligeSchulden(takt, liste, lauf, '2026-01-21').map((s) => s.turnus_id)).toEqual([]);
    expect(faelligeSchulden(takt, liste, lauf, '2026-01-22').map((s) => s.turnus_id)).toEqual([2, 3, 4]);
    expect(faelligeSchulden(takt, liste, lauf, '2026-04-22').map((s) => s.turnus_id)).toEqual([
      2, 3, 4, 5, 6, 7,
    ]);
  });
});

describe('renewal and notice period', () => {
  it('ends with a renewal term’s last period, notice kuendigungsfrist days before its end', () => {
    const liste = turni(jaehrlich, '2024-01-01', 4, { verlaengerung: 2, kuendigungsfrist: 42 });
    const lauf = { first_turnus_id: 1, last_turnus_id: null };
    // Terms 2024–2025 and 2026–2027; 42 days before 2025-12-31 is 2025-11-19.
    expect(fruehestesEnde(jaehrlich, liste, lauf, '2025-11-19')?.bis).toBe('2025-12-31');
    expect(fruehestesEnde(jaehrlich, liste, lauf, '2025-11-20')?.bis).toBe('2027-12-31');
  });

  it('with dyn_kuend_frist every period end kuendigungsfrist days after the notice', () => {
    const takt = { ...monatlich, dyn_kuend_frist: true };
    const liste = turni(takt, '2026-01-01', 6, { verlaengerung: 3, kuendigungsfrist: 14 });
    const lauf = { first_turnus_id: 1, last_turnus_id: null };
    expect(fruehestesEnde(takt, liste, lauf, '2026-02-14')?.bis).toBe('2026-02-28');
    expect(fruehestesEnde(takt, liste, lauf, '2026-02-15')?.bis).toBe('2026-03-31');
    expect(fruehestesEnde(takt, liste, lauf, '2026-06-20')).toBeNull();
  });
});

describe('cancellation (spec 003 §4, §5)', () => {
  const liste = turni(monatlich, '2026-01-01', 6);
  const lauf = { first_turnus_id: 2, last_turnus_id: null };

  it('at a period end: that period is the last, valid from the day after', () => {
    expect(kuendigung(monatlich, liste, lauf, { storno_turnus_id: 3 }, '2026-03-10')).toEqual({
      last_turnus_id: 3,
      storno_valid_from: '2026-04-01',
      warnung: null,
    });
    expect(kuendigung(monatlich, liste, lauf, { storno_turnus_id: 3 }, '2026-04-01').warnung).toBe(
      KUENDIGUNG_VERGANGEN,
    );
  });

  it('refuses a missing choice, one before the booking and one after the last period', () => {
    const fehler = (wunsch: object, takt = monatlich) => {
      try {
        kuendigung(takt, liste, lauf, wunsch, '2026-03-10');
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(fehler({})).toBe(KUENDIGUNG_FEHLT);
    expect(fehler({ storno_turnus_id: 1 })).toBe(KUENDIGUNG_VOR_BEGINN);
    const sofort = { ...monatlich, instant_storno: true };
    expect(fehler({ date: null }, sofort)).toBe(KUENDIGUNG_FEHLT);
    expect(fehler({ date: '2026-01-31' }, sofort)).toBe(KUENDIGUNG_VOR_BEGINN);
    expect(fehler({ date: '2026-07-01' }, sofort)).toBe(KUENDIGUNG_ZU_WEIT);
  });

  it('with instant_storno on a date: the period it lies in is the last', () => {
    const sofort = { ...monatlich, instant_storno: true };
    expect(kuendigung(sofort, liste, lauf, { date: '2026-04-10' }, '2026-03-01')).toEqual({
      last_turnus_id: 4,
      storno_valid_from: '2026-04-10',
      warnung: null,
    });
  });
});
