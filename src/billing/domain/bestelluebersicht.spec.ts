import { DomainError } from '../../shared/domain-error';
import { bestelluebersicht, lgAbrechnungZeilen, type Posten } from './bestelluebersicht';

const posten = (werte: Partial<Posten>): Posten => ({
  titel: 'Jahresabschluss kompakt',
  teilnehmer: null,
  betrag: 290,
  verifiziert: true,
  benutzer_id: 10,
  kennnummer: 'K10',
  benutzer_name: 'Kanzlei Müßig',
  rechnungs_nr: null,
  ...werte,
});

describe('the order overview mail (spec 002 §7 bestelluebersicht_email)', () => {
  it('lists each booking with its participant and amount and the total in German', () => {
    const mail = bestelluebersicht('LG1 – Jahresabschluss', null, [
      posten({ teilnehmer: 'Anna Muster', betrag: 290 }),
      posten({ titel: 'Skript', betrag: 1234.5 }),
    ]);
    expect(mail.subject).toBe('Ihre Bestellübersicht: LG1 – Jahresabschluss');
    expect(mail.text).toContain('- Jahresabschluss kompakt (Teilnehmer: Anna Muster): 290,00 €');
    expect(mail.text).toContain('- Skript: 1.234,50 €');
    expect(mail.text).toContain('Gesamtbetrag: 1.524,50 €');
    expect(mail.text.startsWith('Sehr geehrte Damen und Herren,')).toBe(true);
  });

  it('refuses when the member booked nothing there', () => {
    expect(() => bestelluebersicht('LG1', null, [])).toThrow(
      new DomainError(
        'KEINE_BUCHUNGEN',
        'Das Mitglied hat zu „LG1“ keine aktuellen Buchungen; es wurde keine Bestellübersicht versendet.',
      ),
    );
  });
});

describe('the LG settlement list (spec 002 §6, §7 lg_abrechnung)', () => {
  const zeilen = [
    posten({ rechnungs_nr: 'RE-1', teilnehmer: 'Anna' }),
    posten({ benutzer_id: 11, verifiziert: false, betrag: 99.9 }),
  ];

  it('has one row per booking with German column titles, payment type and amount', () => {
    const [erste, zweite] = lgAbrechnungZeilen(zeilen, new Map([[10, 'debit']]), null);
    expect(erste).toEqual({
      Kennnummer: 'K10',
      Benutzer: 'Kanzlei Müßig',
      'Teilnehmer (Name)': 'Anna',
      Buchungstext: 'Jahresabschluss kompakt',
      Betrag: '290,00',
      Verifiziert: true,
      Rechnungsnummer: 'RE-1',
      Zahlungsart: 'Einzugsermächtigung',
    });
    expect(zweite).toMatchObject({
      Betrag: '99,90',
      Verifiziert: false,
      Zahlungsart: '',
      Rechnungsnummer: '',
    });
    expect(Object.keys(erste)).not.toContain('Skript per Post');
  });

  it('adds whether the script goes by post for the state branch', () => {
    const rows = lgAbrechnungZeilen(zeilen, new Map(), new Map([[10, true]]));
    expect(rows.map((r) => r['Skript per Post'])).toEqual([true, false]);
  });
});
