import { pruefeRechnungsaenderung, pruefeRechnungsloeschung, pruefeVerifizierung } from './rechnung';

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

  it('may be deleted only while neither summarised nor storno-linked', () => {
    expect(() => pruefeRechnungsloeschung(rechnung)).not.toThrow();
    for (const link of ['rw_abrechnung_id', 'storno_id', 'storno_parent_id']) {
      expect(() => pruefeRechnungsloeschung({ ...rechnung, [link]: 7 })).toThrow(
        /abgerechnet oder storniert/,
      );
    }
  });
});

describe('verifying a transaction', () => {
  it('is refused for a cancelled one, also when storno was stored before', () => {
    expect(() => pruefeVerifizierung({ verifiziert: true }, { storno: true })).toThrow(
      'Eine stornierte Buchung kann nicht verifiziert werden.',
    );
    expect(() => pruefeVerifizierung({ verifiziert: true, storno: true }, undefined)).toThrow();
  });

  it('is allowed otherwise', () => {
    expect(() => pruefeVerifizierung({ verifiziert: true }, { storno: false })).not.toThrow();
    expect(() => pruefeVerifizierung({ storno: true }, { verifiziert: false })).not.toThrow();
  });
});
