import type { Kontobuchung } from './kontoauszug';
import {
  BETRAG_FEHLT,
  gleicheAb,
  istZuordnung,
  nummernImText,
  sammelId,
  type Abgleichsrechnung,
  type Sammelbuchung,
} from './zahlungsabgleich';

const buchung = (werte: Partial<Kontobuchung>): Kontobuchung => ({
  referenz: 'B-1',
  auszug: 'A',
  datum: '2026-04-02',
  betrag: 11900,
  gutschrift: true,
  ruecklastschrift: false,
  rueckgabegrund: null,
  gebuehr: 0,
  zahlungsIds: [],
  endToEndIds: [],
  verwendungszweck: '',
  name: null,
  iban: null,
  ...werte,
});

const rechnung = (id: number, werte: Partial<Abgleichsrechnung> = {}): Abgleichsrechnung => ({
  id,
  rechnungs_nr: `RE-2026-00${id}`,
  betrag: 11900,
  offen: 11900,
  zahlstatus: 'offen',
  iban: null,
  ...werte,
});

/** The payments booked, null when the entry waits (with or without a reason). */
const zugeordnet = (b: Kontobuchung, rechnungen: Abgleichsrechnung[], sammler: Sammelbuchung | null) => {
  const ergebnis = gleicheAb(b, rechnungen, sammler);
  return istZuordnung(ergebnis) ? ergebnis : null;
};

describe('matching a statement entry to invoices (issue 28)', () => {
  it('reads the summary from a payment information id', () => {
    expect(sammelId('A12-20260320101530-LS-1')).toEqual({ abrechnung: 12, art: 'lastschrift' });
    expect(sammelId('A12-20260320101530-LS')).toEqual({ abrechnung: 12, art: 'lastschrift' });
    expect(sammelId('A12-20260320101530-UE-1')).toEqual({ abrechnung: 12, art: 'ueberweisung' });
    expect(sammelId('A12-20260320101530-LSX')).toBeNull();
    expect(sammelId('ABR-12-LS')).toBeNull();
    expect(sammelId('XYZ-12-LS')).toBeNull();
  });

  it('settles every debit of the summary with a batch entry of the same total', () => {
    const sammler = {
      abrechnung: 3,
      art: 'lastschrift' as const,
      varianten: [
        [
          { rechnung: 1, betrag: 10000 },
          { rechnung: 2, betrag: 1900 },
        ],
      ],
    };
    expect(gleicheAb(buchung({ zahlungsIds: ['A3-20260320101530-LS-1'] }), [], sammler)).toEqual({
      zahlungen: [
        { rechnung: 1, betrag: 10000, art: 'eingang' },
        { rechnung: 2, betrag: 1900, art: 'eingang' },
      ],
      rw_rechnung_id: null,
      rw_abrechnung_id: 3,
    });
    expect(gleicheAb(buchung({ betrag: 11800 }), [], sammler)).toBeNull();
  });

  it('settles a debit file collected as downloaded, also the invoice a later storno netted off', () => {
    const jetzt = [{ rechnung: 1, betrag: 10000 }];
    const geladen = [...jetzt, { rechnung: 2, betrag: 1900 }];
    const sammler = { abrechnung: 3, art: 'lastschrift' as const, varianten: [jetzt, geladen] };
    expect(zugeordnet(buchung({ betrag: 11900 }), [], sammler)?.zahlungen.map((z) => z.rechnung)).toEqual([
      1, 2,
    ]);
    expect(zugeordnet(buchung({ betrag: 10000 }), [], sammler)?.zahlungen.map((z) => z.rechnung)).toEqual([
      1,
    ]);
  });

  it('books the refunds of a summary with the batch entry of its transfer file', () => {
    const sammler = {
      abrechnung: 3,
      art: 'ueberweisung' as const,
      varianten: [[{ rechnung: 1, betrag: 11900 }]],
    };
    expect(zugeordnet(buchung({ gutschrift: false }), [], sammler)?.zahlungen).toEqual([
      { rechnung: 1, betrag: -11900, art: 'erstattung' },
    ]);
    expect(gleicheAb(buchung({}), [], sammler)).toBeNull();
  });

  it('finds the invoice by end-to-end id, then by its number in the remittance text', () => {
    const rechnungen = [rechnung(1), rechnung(2)];
    expect(zugeordnet(buchung({ endToEndIds: ['RE-2026-002'] }), rechnungen, null)?.rw_rechnung_id).toBe(2);
    expect(
      gleicheAb(
        buchung({ betrag: 5000, verwendungszweck: 'Rechnung RE-2026-001, Danke.' }),
        rechnungen,
        null,
      ),
    ).toEqual({
      zahlungen: [{ rechnung: 1, betrag: 5000, art: 'eingang' }],
      rw_rechnung_id: 1,
      rw_abrechnung_id: null,
    });
    expect(gleicheAb(buchung({ verwendungszweck: 'RE-2026-001 RE-2026-002' }), rechnungen, null)).toBeNull();
  });

  it('lets a credit whose end-to-end id names an invoice paid in full wait, saying so', () => {
    const b = buchung({ endToEndIds: ['RE-2026-001'] });

    expect(gleicheAb(b, [rechnung(1, { offen: 0 })], null)).toEqual({
      grund: 'Rechnung RE-2026-001 bereits bezahlt',
    });
    expect(gleicheAb(b, [rechnung(1, { offen: -100 })], null)).toEqual({
      grund: 'Rechnung RE-2026-001 bereits bezahlt',
    });
    expect(istZuordnung(gleicheAb(b, [rechnung(1, { offen: 1 })], null))).toBe(true);
    expect(istZuordnung({ grund: 'x' })).toBe(false);
    expect(istZuordnung(null)).toBe(false);
  });

  it('finds the invoice by amount and IBAN only when exactly one open invoice fits', () => {
    const iban = 'DE02120300000000202051';
    const b = buchung({ iban: 'DE02 1203 0000 0000 2020 51' });
    expect(zugeordnet(b, [rechnung(1, { iban }), rechnung(2)], null)?.rw_rechnung_id).toBe(1);
    expect(gleicheAb(b, [rechnung(1, { iban }), rechnung(2, { iban })], null)).toBeNull();
    expect(gleicheAb(b, [rechnung(1, { iban, offen: 0 })], null)).toBeNull();
    expect(gleicheAb(buchung({}), [rechnung(1, { iban })], null)).toBeNull();
  });

  it('reopens the invoice of a returned debit, without the bank fee, found by end-to-end id', () => {
    const b = buchung({
      gutschrift: false,
      ruecklastschrift: true,
      betrag: 12250,
      gebuehr: 350,
      endToEndIds: ['RE-2026-001'],
    });
    expect(zugeordnet(b, [rechnung(1)], null)?.zahlungen).toEqual([
      { rechnung: 1, betrag: -11900, art: 'ruecklastschrift' },
    ]);
    expect(gleicheAb({ ...b, endToEndIds: [] }, [rechnung(1)], null)).toBeNull();
  });

  it('never matches a storno invoice, nor an outgoing payment', () => {
    expect(
      gleicheAb(buchung({ endToEndIds: ['RE-2026-001'] }), [rechnung(1, { betrag: -11900 })], null),
    ).toBeNull();
    expect(
      gleicheAb(buchung({ gutschrift: false, endToEndIds: ['RE-2026-001'] }), [rechnung(1)], null),
    ).toBeNull();
  });

  it('takes words with digits of the remittance text as possible invoice numbers', () => {
    expect(nummernImText('Rechnung LA-2026-00003. Danke (Kd 12)')).toEqual(['LA-2026-00003']);
  });
});

describe('the invoices of an amount, read only when they decide', () => {
  const perText = buchung({ verwendungszweck: 'Rechnung RE-2026-00042', iban: 'DE02120300000000202051' });
  const genannte = rechnung(42, { rechnungs_nr: 'RE-2026-00042' });
  const gleicherBetrag = rechnung(7, { rechnungs_nr: 'RE-2026-00007', iban: 'DE02 1203 0000 0000 2020 51' });

  it('decides with the named invoices alone when one of them fits, as with all of them', () => {
    expect(gleicheAb(perText, [genannte], null, true)).toEqual(
      gleicheAb(perText, [genannte, gleicherBetrag], null),
    );
    expect(gleicheAb(perText, [genannte], null, true)).toMatchObject({ rw_rechnung_id: 42 });
  });

  it('asks for them when only the amount and the IBAN are left to decide, and then decides by them', () => {
    const ohneNummer = buchung({ verwendungszweck: 'Seminar März', iban: 'DE02120300000000202051' });
    expect(gleicheAb(ohneNummer, [], null, true)).toBe(BETRAG_FEHLT);
    expect(gleicheAb(ohneNummer, [gleicherBetrag], null)).toMatchObject({ rw_rechnung_id: 7 });
  });

  it('does not ask for them for an entry without IBAN, a debit or a named invoice paid already', () => {
    expect(gleicheAb(buchung({ verwendungszweck: 'Seminar' }), [], null, true)).toBeNull();
    expect(
      gleicheAb(buchung({ gutschrift: false, iban: 'DE02120300000000202051' }), [], null, true),
    ).toBeNull();
    const bezahlt = rechnung(42, { rechnungs_nr: 'RE-2026-00042', offen: 0, zahlstatus: 'bezahlt' });
    const perId = buchung({ endToEndIds: ['RE-2026-00042'], iban: 'DE02120300000000202051' });
    expect(gleicheAb(perId, [bezahlt], null, true)).toEqual({
      grund: 'Rechnung RE-2026-00042 bereits bezahlt',
    });
  });
});
