import { pruefeManuellBezahlt, stornoAusgleich, zahlstatus, type Zahlungsbetrag } from './zahlung';

const eingang = (betrag: number): Zahlungsbetrag => ({ art: 'eingang', betrag });

describe('payment status (issue 28)', () => {
  it.each<[string, Zahlungsbetrag[], string | null]>([
    ['nothing paid', [], 'offen'],
    ['paid in full', [eingang(10000)], 'bezahlt'],
    ['overpaid', [eingang(12000)], 'bezahlt'],
    ['paid in part', [eingang(4000)], 'teilweise_bezahlt'],
    [
      'collected, then returned',
      [eingang(10000), { art: 'ruecklastschrift', betrag: -10000 }],
      'zurueckgebucht',
    ],
    [
      'returned, then paid by transfer',
      [eingang(10000), { art: 'ruecklastschrift', betrag: -10000 }, eingang(10000)],
      'bezahlt',
    ],
    ['paid, then refunded', [eingang(10000), { art: 'erstattung', betrag: -10000 }], 'erstattet'],
    ['netted off by its storno', [{ art: 'verrechnung', betrag: 10000 }], 'bezahlt'],
  ])('%s', (_, zahlungen, status) => {
    expect(zahlstatus(10000, zahlungen)).toBe(status);
  });

  it('is none for a storno invoice', () => {
    expect(zahlstatus(-10000, [])).toBeNull();
  });
});

describe('storno settlement (issue 28)', () => {
  it('nets an unpaid invoice off in full and refunds nothing', () => {
    expect(stornoAusgleich(10000, [])).toEqual({ verrechnet: 10000, erstattung: 0 });
  });

  it('refunds what was received, nets the rest', () => {
    expect(stornoAusgleich(10000, [eingang(4000)])).toEqual({ verrechnet: 6000, erstattung: 4000 });
    expect(stornoAusgleich(10000, [eingang(10000)])).toEqual({ verrechnet: 0, erstattung: 10000 });
  });

  it('refunds nothing of a returned debit and never more than the invoice', () => {
    expect(stornoAusgleich(10000, [eingang(10000), { art: 'ruecklastschrift', betrag: -10000 }])).toEqual({
      verrechnet: 10000,
      erstattung: 0,
    });
    expect(stornoAusgleich(10000, [eingang(15000)])).toEqual({ verrechnet: 0, erstattung: 10000 });
  });
});

describe('manual "bezahlt"', () => {
  const rechnung = { rechnungs_nr: 'RE-1', betrag: 10000, storno_parent_id: null, storno_id: null };

  it('books the open rest', () => {
    expect(pruefeManuellBezahlt(rechnung, [eingang(3000)], '2026-04-01', '2026-04-02')).toBe(7000);
  });

  it('refuses a paid, a cancelled or a storno invoice, and a bad or future date, in German', () => {
    expect(() => pruefeManuellBezahlt(rechnung, [eingang(10000)], '2026-04-01', '2026-04-02')).toThrow(
      'Die Rechnung RE-1 ist bereits bezahlt.',
    );
    expect(() => pruefeManuellBezahlt({ ...rechnung, storno_id: 5 }, [], '2026-04-01', '2026-04-02')).toThrow(
      /storniert/,
    );
    expect(() =>
      pruefeManuellBezahlt({ ...rechnung, storno_parent_id: 5 }, [], '2026-04-01', '2026-04-02'),
    ).toThrow(/Storno-Rechnung/);
    expect(() => pruefeManuellBezahlt(rechnung, [], '2026-04-03', '2026-04-02')).toThrow(/Zukunft/);
    expect(() => pruefeManuellBezahlt(rechnung, [], '1.4.2026', '2026-04-02')).toThrow(/Datum/);
    // A day that does not exist (Date.parse would take it as 2 March).
    expect(() => pruefeManuellBezahlt(rechnung, [], '2026-02-30', '2026-04-02')).toThrow(/Datum/);
  });
});
