import {
  aboSummen,
  inEuro,
  kalkulationsAnfrage,
  kategoriesummen,
  rechnungsSummen,
  vorgangsSummen,
  type KalkulationsVorgang,
} from './kalkulation';

const vorgang = (patch: Partial<KalkulationsVorgang>): KalkulationsVorgang => ({
  objekt_id: 1,
  benutzer_id: 10,
  betrag: 0,
  verifiziert: false,
  storno: false,
  rw_rechnung_id: null,
  ...patch,
});

describe('kalkulationsAnfrage', () => {
  it('answers an unknown category with the spec’s „bad category“', () => {
    expect(() => kalkulationsAnfrage({ category: 'kurse', category_ids: [1] })).toThrow('bad category');
    expect(() => kalkulationsAnfrage(null)).toThrow('bad category');
  });

  it('needs ids, reads flags and takes Abo bookings only for Abos', () => {
    expect(() => kalkulationsAnfrage({ category: 'seminare', category_ids: [] })).toThrow('category_ids');
    expect(() => kalkulationsAnfrage({ category: 'seminare', category_ids: [0] })).toThrow('category_ids');
    expect(() => kalkulationsAnfrage({ category: 'seminare', category_ids: ['x'] })).toThrow('category_ids');
    expect(
      kalkulationsAnfrage({ category: 'seminare', category_ids: ['7', 7], transactions: true, abos: true }),
    ).toEqual({
      category: 'seminare',
      feld: 'veranstaltung_id',
      ids: [7],
      transactions: true,
      rechnungen: false,
      abos: false,
    });
    expect(kalkulationsAnfrage({ category: 'abos', category_ids: 3, abos: 'true' })).toMatchObject({
      feld: 'wb_abo_id',
      ids: [3],
      abos: true,
    });
  });
});

describe('vorgangsSummen', () => {
  it('sums open, verified, invoiced and cancelled to the cent', () => {
    const summen = vorgangsSummen(
      [
        vorgang({ betrag: 0.1 }),
        vorgang({ betrag: 0.2 }),
        vorgang({ betrag: 314.1, verifiziert: true }),
        vorgang({ betrag: 349, verifiziert: true, rw_rechnung_id: 5 }),
        vorgang({ betrag: 100.005, storno: true }),
        vorgang({ betrag: -20.55, benutzer_id: 11 }),
      ],
      new Set([10]),
    );
    expect(summen.offen).toEqual({ anzahl: 3, betrag: 10 - 2055 + 20 });
    expect(summen.verifiziert).toEqual({ anzahl: 1, betrag: 31410 });
    expect(summen.abgerechnet).toEqual({ anzahl: 1, betrag: 34900 });
    // A stored three-decimal amount is rounded once, half away from zero.
    expect(summen.storniert).toEqual({ anzahl: 1, betrag: 10001 });
    expect(summen.aktuell).toEqual({ anzahl: 5, betrag: 30 + 31410 + 34900 - 2055 });
    expect(summen.mitglieder).toBe(2);
    expect(summen.ohne_bezahloption).toEqual([11]);
  });

  it('reports a member without payment option only while something is left to invoice', () => {
    const summen = vorgangsSummen(
      [
        vorgang({ benutzer_id: 12, rw_rechnung_id: 1, betrag: 10 }),
        vorgang({ benutzer_id: 13, storno: true, betrag: 10 }),
        vorgang({ benutzer_id: null, betrag: 5 }),
      ],
      new Set(),
    );
    expect(summen.ohne_bezahloption).toEqual([]);
    expect(summen.mitglieder).toBe(1);
  });
});

describe('rechnungsSummen', () => {
  it('separates storno invoices and nets the balance in cents', () => {
    expect(
      rechnungsSummen([
        { objekt_id: 1, betrag: 663.1, storno_parent_id: null },
        { objekt_id: 1, betrag: 0.3, storno_parent_id: null },
        { objekt_id: 1, betrag: -663.1, storno_parent_id: 1 },
        { objekt_id: 1, betrag: null, storno_parent_id: null },
      ]),
    ).toEqual({ rechnungen: { anzahl: 3, betrag: 66340 }, storno: { anzahl: 1, betrag: -66310 }, saldo: 30 });
  });
});

describe('aboSummen', () => {
  it('counts a booking cancelled from a later day as active', () => {
    expect(
      aboSummen(
        [
          { objekt_id: 1, storno_valid_from: null },
          { objekt_id: 1, storno_valid_from: '2026-12-31' },
          { objekt_id: 1, storno_valid_from: '2026-11-23' },
        ],
        '2026-11-23',
      ),
    ).toEqual({ buchungen: 3, aktiv: 2, gekuendigt: 2 });
  });
});

describe('kategoriesummen', () => {
  it('answers per requested object, only the parts read, amounts in euros', () => {
    const summen = kategoriesummen([2, 1], {
      vorgaenge: [vorgang({ objekt_id: 1, betrag: 0.1 }), vorgang({ objekt_id: 1, betrag: 0.2 })],
      bezahloptionen: new Map([[1, new Set([10])]]),
      heute: '2026-11-23',
    });
    expect(summen.map((s) => s.category_id)).toEqual([2, 1]);
    expect(summen[0].transactions?.aktuell).toEqual({ anzahl: 0, betrag: 0 });
    expect(summen[1].rechnungen).toBeUndefined();
    const euro = inEuro(summen[1]);
    expect(euro.transactions?.offen).toEqual({ anzahl: 2, betrag: 0.3 });
    expect(euro.transactions?.ohne_bezahloption).toEqual([]);
    expect(inEuro({ category_id: 3, rechnungen: rechnungsSummen([]) }).rechnungen).toEqual({
      rechnungen: { anzahl: 0, betrag: 0 },
      storno: { anzahl: 0, betrag: 0 },
      saldo: 0,
    });
  });
});
