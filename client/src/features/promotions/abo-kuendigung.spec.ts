import { KUENDIGUNG_VERGANGEN, kuendigungsAnfrage, kuendigungsWarnung } from './abo-kuendigung';

describe('the Abo cancellation dialog', () => {
  const wahl = {
    art: 'kuendigen' as const,
    sofort: false,
    turnusId: 7,
    datum: '',
    loeschen: true,
    admin: 'Berger',
  };

  it('cancels at a period end, or on a date when the Abo cancels instantly, and revokes', () => {
    expect(kuendigungsAnfrage(wahl)).toEqual({
      verb: 'storno',
      body: { admin: 'Berger', storno_turnus_id: 7, date: null, delete_unsettled_transactions: true },
    });
    expect(kuendigungsAnfrage({ ...wahl, sofort: true, datum: '2026-04-10', loeschen: false }).body).toEqual({
      admin: 'Berger',
      storno_turnus_id: null,
      date: '2026-04-10',
      delete_unsettled_transactions: false,
    });
    expect(kuendigungsAnfrage({ ...wahl, art: 'widerrufen' })).toEqual({
      verb: 'cancel_storno',
      body: { admin: 'Berger' },
    });
  });

  it('warns about past seminars only for an end in the past', () => {
    expect(kuendigungsWarnung('kuendigen', '2026-02-28', '2026-03-01')).toBe(KUENDIGUNG_VERGANGEN);
    expect(kuendigungsWarnung('kuendigen', '2026-03-31', '2026-03-01')).toBeNull();
    expect(kuendigungsWarnung('kuendigen', '', '2026-03-01')).toBeNull();
    expect(kuendigungsWarnung('widerrufen', '2026-02-28', '2026-03-01')).toBeNull();
  });
});
