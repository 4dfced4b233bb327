import {
  aboSummen,
  inEuro,
  kalkulationsAnfrage,
  kategoriesummen,
  rechnungsSummen,
  vorgangsSummen,
  type KalkulationsVorgang,
  type Kalkulationskoerper,
} from './kalkulation';

const abgelehnt = (body: Kalkulationskoerper) => {
  try {
    kalkulationsAnfrage(body);
  } catch (e) {
    return [(e as { code: string }).code, (e as Error).message];
  }
  return null;
};

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
  it('answers an unknown or missing category with the spec’s „bad category“', () => {
    for (const category of ['kurse', undefined])
      expect(abgelehnt({ category, category_ids: [1] })).toEqual(['BAD_CATEGORY', 'bad category']);
  });

  it('takes 1 to 1000 ids, each once, and says so in German', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(kalkulationsAnfrage({ category: 'bundle', category_ids: [...ids.slice(1), 7] }).ids).toHaveLength(
      999,
    );
    for (const falsch of [undefined, [], [...ids, 1001]])
      expect(abgelehnt({ category: 'bundle', category_ids: falsch })).toEqual([
        'CATEGORY_IDS',
        '„category_ids“ muss eine Liste von 1 bis 1000 IDs abzurechnender Einträge sein.',
      ]);
  });

  it('reads the flags only when true, and takes Abo bookings only for Abos', () => {
    expect(
      kalkulationsAnfrage({ category: 'seminare', category_ids: [7], transactions: true, abos: true }),
    ).toEqual({
      category: 'seminare',
      feld: 'veranstaltung_id',
      ids: [7],
      transactions: true,
      rechnungen: false,
      abos: false,
    });
    expect(
      kalkulationsAnfrage({
        category: 'abos',
        category_ids: [1],
        transactions: false,
        rechnungen: true,
        abos: true,
      }),
    ).toEqual({
      category: 'abos',
      feld: 'wb_abo_id',
      ids: [1],
      transactions: false,
      rechnungen: true,
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

describe('kategoriesummen per object', () => {
  it('gives each object its own transactions, invoices and Abo bookings', () => {
    const summen = kategoriesummen([1, 2], {
      vorgaenge: [
        vorgang({ objekt_id: 1, benutzer_id: 30, betrag: 1 }),
        vorgang({ objekt_id: 2, benutzer_id: 20, betrag: 2 }),
        vorgang({ objekt_id: 2, benutzer_id: 10, betrag: 3 }),
      ],
      bezahloptionen: new Map([[2, new Set([10])]]),
      rechnungen: [
        { objekt_id: 1, betrag: 10, storno_parent_id: null },
        { objekt_id: 2, betrag: 20, storno_parent_id: null },
      ],
      aboBuchungen: [
        { objekt_id: 2, storno_valid_from: null },
        { objekt_id: 2, storno_valid_from: '2026-01-01' },
      ],
      heute: '2026-11-23',
    });
    expect(summen[0].transactions).toMatchObject({
      aktuell: { anzahl: 1, betrag: 100 },
      ohne_bezahloption: [30],
    });
    expect(summen[1].transactions).toMatchObject({
      aktuell: { anzahl: 2, betrag: 500 },
      ohne_bezahloption: [20],
    });
    expect(summen[0].rechnungen?.saldo).toBe(1000);
    expect(summen[1].rechnungen?.saldo).toBe(2000);
    expect(summen[0].abos).toEqual({ buchungen: 0, aktiv: 0, gekuendigt: 0 });
    expect(summen[1].abos).toEqual({ buchungen: 2, aktiv: 1, gekuendigt: 1 });
  });

  it('counts an Abo booking never cancelled as active, and reads only the parts asked for', () => {
    expect(aboSummen([{ objekt_id: 1, storno_valid_from: null }], '2026-11-23')).toEqual({
      buchungen: 1,
      aktiv: 1,
      gekuendigt: 0,
    });
    const [nurRechnungen] = kategoriesummen([1], {
      rechnungen: [{ objekt_id: 1, betrag: 10, storno_parent_id: null }],
      heute: '2026-11-23',
    });
    expect(nurRechnungen).toEqual({
      category_id: 1,
      rechnungen: { rechnungen: { anzahl: 1, betrag: 1000 }, storno: { anzahl: 0, betrag: 0 }, saldo: 1000 },
    });
  });

  it('lists the members without payment option in order', () => {
    const summen = vorgangsSummen(
      [
        vorgang({ benutzer_id: 30 }),
        vorgang({ benutzer_id: 4 }),
        vorgang({ benutzer_id: 12 }),
        vorgang({ benutzer_id: 4 }),
      ],
      new Set(),
    );
    expect(summen.ohne_bezahloption).toEqual([4, 12, 30]);
    expect(summen.mitglieder).toBe(3);
    expect(vorgangsSummen([vorgang({ betrag: null })], new Set([10])).offen).toEqual({
      anzahl: 1,
      betrag: 0,
    });
  });

  it('writes every amount of the answer in euros', () => {
    const summen = kategoriesummen([1], {
      vorgaenge: [
        vorgang({ betrag: 1.1 }),
        vorgang({ betrag: 2.2, verifiziert: true }),
        vorgang({ betrag: 3.3, rw_rechnung_id: 1 }),
        vorgang({ betrag: 4.4, storno: true }),
      ],
      rechnungen: [
        { objekt_id: 1, betrag: 5.5, storno_parent_id: null },
        { objekt_id: 1, betrag: -1.1, storno_parent_id: 3 },
      ],
      heute: '2026-11-23',
    });
    expect(inEuro(summen[0])).toEqual({
      category_id: 1,
      transactions: {
        offen: { anzahl: 1, betrag: 1.1 },
        verifiziert: { anzahl: 1, betrag: 2.2 },
        abgerechnet: { anzahl: 1, betrag: 3.3 },
        storniert: { anzahl: 1, betrag: 4.4 },
        aktuell: { anzahl: 3, betrag: 6.6 },
        mitglieder: 1,
        ohne_bezahloption: [10],
      },
      rechnungen: { rechnungen: { anzahl: 1, betrag: 5.5 }, storno: { anzahl: 1, betrag: -1.1 }, saldo: 4.4 },
    });
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
