import { DomainError } from '../../shared/domain-error';
import { pruefeRechnungsaenderung, pruefeStornierbar } from './rechnung';

describe('issued invoices', () => {
  const rechnung = {
    rechnungs_nr: 'RE-2026-00001',
    betrag: 119,
    data: { positionen: 1 },
    rw_abrechnung_id: null,
  };

  it('refuse changes of number, amounts, member, circle and content', () => {
    expect(() => pruefeRechnungsaenderung({ betrag: 100, rechnungs_nr: 'X' }, rechnung)).toThrow(
      'Eine ausgestellte Rechnung kann nicht geändert werden („Rechnungsnummer“, „Betrag (brutto)“); bitte stornieren.',
    );
    expect(() => pruefeRechnungsaenderung({ data: { positionen: 2 } }, rechnung)).toThrow(
      /\(„Rechnungsinhalt“\)/,
    );
  });

  it('accept the same values again and a summary, storno link or payment detail', () => {
    expect(() =>
      pruefeRechnungsaenderung({ betrag: 119, rw_abrechnung_id: 4, bezahloption_typ: 'debit' }, rechnung),
    ).not.toThrow();
  });
});

describe('cancelling an invoice', () => {
  it.each([
    [{ storno_id: null, storno_parent_id: null }, null],
    [{ storno_id: 8, storno_parent_id: null }, 'Die Rechnung ist bereits storniert.'],
    [{ storno_id: null, storno_parent_id: 3 }, 'Eine Stornorechnung kann nicht storniert werden.'],
  ])('%j → %s', (rechnung, meldung) => {
    if (meldung) expect(() => pruefeStornierbar(rechnung)).toThrow(meldung);
    else expect(() => pruefeStornierbar(rechnung)).not.toThrow();
  });
});

describe('the codes of the invoice refusals', () => {
  const code = (run: () => void) => {
    try {
      run();
    } catch (e) {
      return (e as DomainError).code;
    }
    return null;
  };

  it('tell a changed invoice, a storno invoice and a cancelled invoice apart', () => {
    expect(code(() => pruefeRechnungsaenderung({ netto: 1 }, { netto: 2 }))).toBe('RECHNUNG_AUSGESTELLT');
    expect(code(() => pruefeStornierbar({ storno_id: null, storno_parent_id: 3 }))).toBe('STORNORECHNUNG');
    expect(code(() => pruefeStornierbar({ storno_id: 8, storno_parent_id: null }))).toBe('BEREITS_STORNIERT');
  });
});
