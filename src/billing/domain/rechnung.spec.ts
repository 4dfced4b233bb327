import { DomainError } from '../../shared/domain-error';
import { pruefeExaktStornierbar, pruefeRechnungsaenderung, pruefeStornierbar } from './rechnung';

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

describe('cancelling an invoice exactly', () => {
  const inhalt = { positionen: [{ betrag: 119, mwst: 19 }], steuern: [{ satz: 19, brutto: 119 }] };

  it('accepts an invoice with its VAT table', () => {
    expect(() => pruefeExaktStornierbar({ rechnungs_nr: 'RE-1', data: inhalt })).not.toThrow();
  });

  it('refuses one without VAT table (stored before it existed)', () => {
    expect(() =>
      pruefeExaktStornierbar({ rechnungs_nr: 'RE-1', data: { positionen: [], mwst_satz: 19 } }),
    ).toThrow(
      'Die Rechnung RE-1 ist in einem älteren Format gespeichert, aus dem sich keine exakte Stornorechnung erstellen lässt (ohne Aufstellung der Umsatzsteuer). Bitte korrigieren Sie sie außerhalb des Programms.',
    );
    expect(() => pruefeExaktStornierbar({ rechnungs_nr: 'RE-1', data: null })).toThrow(/älteren Format/);
  });

  it('refuses one the migration marked, naming its reason, even with a VAT table', () => {
    expect(() =>
      pruefeExaktStornierbar({
        rechnungs_nr: 'RE-2',
        data: { ...inhalt, altes_format: 'die Positionen ergeben nicht den Rechnungsbetrag' },
      }),
    ).toThrow(/RE-2 .*\(die Positionen ergeben nicht den Rechnungsbetrag\)\./);
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
