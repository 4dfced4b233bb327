import { camt053, type CamtEintrag } from '../../../test/support/camt';
import { DomainError } from '../../shared/domain-error';
import type { Rechnung } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory, neueRechnung, neueZahlung } from './ports/abrechnungsspeicher.testing';
import { Uhr } from './ports/uhr';
import { ZahlungsspeicherInMemory } from './ports/zahlungsspeicher.testing';
import type { Kontoauszugsposten } from './ports/zahlungsspeicher';
import { Zahlungen } from './zahlungen';

const ACTOR = { id: 1, name: 'Sachbearbeiterin' };
const ANNAS_IBAN = 'DE02120300000000202051';
/** The payment information id Abrechnungen.sepa() gives the debit file of summary 5. */
const LS_5 = 'A5-20260320101530-LS-1';
const UE_5 = 'A5-20260320101530-UE-1';

class StellbareUhr extends Uhr {
  zeit = new Date('2026-04-10T10:00:00Z');
  jetzt() {
    return this.zeit;
  }
}

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.naechsteId = 100;
  speicher.tabellen.abrechnungen.push({ id: 5, data: null, createdAt: new Date('2026-03-20T10:15:30Z') });
  const uhr = new StellbareUhr();
  return {
    speicher,
    // Each unit of work puts a new copy of the tables in place.
    get t() {
      return speicher.tabellen;
    },
    uhr,
    zahlungen: new Zahlungen(speicher, new ZahlungsspeicherInMemory(), uhr),
  };
}

type Aufbau = ReturnType<typeof aufbau>;

/** An issued invoice as the invoice run stores it (amounts in euros, status open). */
function rechnung(a: Aufbau, werte: Partial<Rechnung> & Pick<Rechnung, 'id' | 'rechnungs_nr'>) {
  a.t.rechnungen.push(neueRechnung(werte));
}

/** A payment booked before (euros, as stored). */
function zahlung(
  a: Aufbau,
  rw_rechnung_id: number,
  betrag: number,
  art: 'eingang' | 'verrechnung' = 'eingang',
) {
  a.t.zahlungen.push(
    neueZahlung({
      id: a.t.naechsteId++,
      rw_rechnung_id,
      betrag,
      art,
      quelle: art === 'eingang' ? 'manuell' : 'storno',
    }),
  );
}

const auszug = (...eintraege: CamtEintrag[]) => camt053('2026-04-02-1', eintraege);
const status = (a: Aufbau, id: number) => a.t.rechnungen.find((r) => r.id === id)?.zahlstatus;
const zahlungenVon = (a: Aufbau, id: number) => a.t.zahlungen.filter((z) => z.rw_rechnung_id === id);
const posten = (a: Aufbau, referenz: string) => a.t.kontoauszug.find((p) => p.referenz === referenz)!;

/** A waiting statement entry, as an earlier import left it. */
function offenerPosten(a: Aufbau, werte: Partial<Kontoauszugsposten> & Pick<Kontoauszugsposten, 'id'>) {
  a.t.kontoauszug.push({
    referenz: `BANK-${werte.id}`,
    datum: '2026-04-02',
    betrag: 119,
    gutschrift: true,
    ruecklastschrift: false,
    gebuehr: null,
    rueckgabegrund: null,
    status: 'offen',
    rw_rechnung_id: null,
    rw_abrechnung_id: null,
    ...werte,
  });
}

describe('importing a camt.053 statement (issue 28)', () => {
  it('refuses a statement without booked entries and stores nothing', async () => {
    const a = aufbau();
    const fehler = await a.zahlungen
      .importiere(auszug({ referenz: 'BANK-1', betrag: '5.00', status: 'PDNG' }), ACTOR)
      .catch((e: unknown) => e);
    expect(fehler).toBeInstanceOf(DomainError);
    expect(fehler).toMatchObject({ code: 'KONTOAUSZUG', kind: 'invalid' });
    expect((fehler as Error).message).toBe('Der Kontoauszug enthält keine gebuchten Umsätze.');
    expect(a.t.kontoauszug).toEqual([]);
  });

  it('settles the debits of a summary with its batch entry, audited, and leaves its other invoices alone', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', bezahloption_typ: 'debit', rw_abrechnung_id: 5 });
    rechnung(a, {
      id: 2,
      rechnungs_nr: 'RE-2026-002',
      betrag: 238,
      bezahloption_typ: 'debit',
      rw_abrechnung_id: 5,
    });
    rechnung(a, { id: 3, rechnungs_nr: 'RE-2026-003', rw_abrechnung_id: 5 });
    const ergebnis = await a.zahlungen.importiere(
      auszug({
        referenz: 'BANK-1',
        betrag: '357.00',
        sammler: { pmtInfId: LS_5, anzahl: 2 },
        code: ['IDDT', 'ESDD'],
      }),
      ACTOR,
    );
    expect(ergebnis).toEqual({ buchungen: 1, zugeordnet: 1, offen: 0, bekannt: 0 });
    const eintrag = posten(a, 'BANK-1');
    expect(eintrag).toMatchObject({
      status: 'zugeordnet',
      rw_abrechnung_id: 5,
      rw_rechnung_id: null,
      admin_name: 'Sachbearbeiterin',
      sammler_referenz: LS_5,
      betrag: 357,
      gutschrift: true,
    });
    expect(a.t.zahlungen).toEqual([
      expect.objectContaining({ rw_rechnung_id: 1, betrag: 119 }),
      expect.objectContaining({ rw_rechnung_id: 2, betrag: 238 }),
    ]);
    for (const z of a.t.zahlungen)
      expect(z).toMatchObject({
        art: 'eingang',
        quelle: 'sepa_sammler',
        datum: '2026-04-02',
        bank_referenz: 'BANK-1',
        gebuehr: null,
        rueckgabegrund: null,
        rw_kontoauszug_posten_id: eintrag.id,
        admin_name: 'Sachbearbeiterin',
      });
    expect([status(a, 1), status(a, 2), status(a, 3)]).toEqual(['bezahlt', 'bezahlt', 'offen']);
    expect(a.t.audit.filter((e) => e.recordId === 2)).toEqual([
      expect.objectContaining({
        actor: ACTOR,
        resource: 'rw-rechnung',
        action: 'zahlung',
        changes: expect.objectContaining({
          betrag: { before: null, after: 238 },
          quelle: { before: null, after: 'sepa_sammler' },
        }),
      }),
      {
        actor: ACTOR,
        resource: 'rw-rechnung',
        recordId: 2,
        action: 'update',
        changes: { zahlstatus: { before: 'offen', after: 'bezahlt' } },
      },
    ]);
  });

  /** Two debits of summary 5; a storno netted the second (238 €) off. */
  const lastschriftenMitVerrechnung = () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', bezahloption_typ: 'debit', rw_abrechnung_id: 5 });
    rechnung(a, {
      id: 2,
      rechnungs_nr: 'RE-2026-002',
      betrag: 238,
      bezahloption_typ: 'debit',
      rw_abrechnung_id: 5,
      storno_id: 9,
    });
    zahlung(a, 2, 238, 'verrechnung');
    return a;
  };

  it('settles a batch entry of the file as downloaded, before a storno netted one of its debits off', async () => {
    const a = lastschriftenMitVerrechnung();
    const eintrag = { referenz: 'BANK-1', betrag: '357.00', sammler: { pmtInfId: LS_5, anzahl: 2 } };
    await a.zahlungen.importiere(auszug(eintrag), ACTOR);
    expect(a.t.zahlungen.filter((z) => z.art === 'eingang')).toEqual([
      expect.objectContaining({ rw_rechnung_id: 1, betrag: 119 }),
      expect.objectContaining({ rw_rechnung_id: 2, betrag: 238 }),
    ]);
  });

  it('settles a batch entry of the file as it is now, without the debit a storno netted off', async () => {
    const a = lastschriftenMitVerrechnung();
    await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-1', betrag: '119.00', sammler: { pmtInfId: LS_5, anzahl: 1 } }),
      ACTOR,
    );
    expect(a.t.zahlungen.filter((z) => z.art === 'eingang')).toEqual([
      expect.objectContaining({ rw_rechnung_id: 1, betrag: 119, quelle: 'sepa_sammler' }),
    ]);
  });

  it('books the refunds of a summary’s transfer file on the cancelled invoices', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'bezahlt', storno_id: 2 });
    zahlung(a, 1, 119);
    rechnung(a, {
      id: 2,
      rechnungs_nr: 'RE-2026-002',
      betrag: -119,
      netto: -100,
      mwst: -19,
      storno_parent_id: 1,
      rw_abrechnung_id: 5,
      zahlstatus: null,
      data: { ausgleich: { verrechnet: 0, erstattung: 11900 } },
    });
    const ergebnis = await a.zahlungen.importiere(
      auszug({
        referenz: 'BANK-1',
        betrag: '119.00',
        richtung: 'DBIT',
        code: ['ICDT', 'ESCT'],
        sammler: { pmtInfId: UE_5, anzahl: 1 },
      }),
      ACTOR,
    );
    expect(ergebnis.zugeordnet).toBe(1);
    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({
      betrag: -119,
      art: 'erstattung',
      quelle: 'sepa_sammler',
    });
    expect(zahlungenVon(a, 2)).toEqual([]);
    expect(status(a, 1)).toBe('erstattet');
  });

  it('lets a batch entry whose sum fits no file of the summary wait', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', bezahloption_typ: 'debit', rw_abrechnung_id: 5 });
    const ergebnis = await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-1', betrag: '120.00', sammler: { pmtInfId: LS_5, anzahl: 1 } }),
      ACTOR,
    );
    expect(ergebnis).toEqual({ buchungen: 1, zugeordnet: 0, offen: 1, bekannt: 0 });
    expect(a.t.zahlungen).toEqual([]);
    expect(posten(a, 'BANK-1')).toMatchObject({ status: 'offen', rw_abrechnung_id: null });
  });

  it('books a transfer on the invoice its remittance text names, by the bank’s data', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002' });
    const ergebnis = await a.zahlungen.importiere(
      auszug({
        referenz: 'BANK-2',
        betrag: '119.00',
        datum: '2026-04-03',
        name: 'Kanzlei Muster',
        iban: ANNAS_IBAN,
        verwendungszweck: 'Rechnung RE-2026-002 Danke',
        endToEnd: 'NOTPROVIDED',
      }),
      ACTOR,
    );
    expect(ergebnis).toEqual({ buchungen: 1, zugeordnet: 1, offen: 0, bekannt: 0 });
    const eintrag = posten(a, 'BANK-2');
    expect(eintrag).toMatchObject({
      auszug: '2026-04-02-1',
      datum: '2026-04-03',
      betrag: 119,
      status: 'zugeordnet',
      rw_rechnung_id: 2,
      rw_abrechnung_id: null,
      name: 'Kanzlei Muster',
      iban: ANNAS_IBAN,
      verwendungszweck: 'Rechnung RE-2026-002 Danke',
      // NOTPROVIDED names no payment.
      end_to_end_referenz: null,
      sammler_referenz: null,
      gebuehr: null,
    });
    expect(a.t.zahlungen).toEqual([
      expect.objectContaining({
        rw_rechnung_id: 2,
        betrag: 119,
        art: 'eingang',
        quelle: 'kontoauszug',
        datum: '2026-04-03',
        bank_referenz: 'BANK-2',
        rw_kontoauszug_posten_id: eintrag.id,
      }),
    ]);
    expect([status(a, 1), status(a, 2)]).toEqual(['offen', 'bezahlt']);
  });

  it('reads the open invoices of an amount only for an entry that names none (issue 33)', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002', data: { bezahlung: { konto: { iban: ANNAS_IBAN } } } });
    const gelesen: number[] = [];
    const zahlungsspeicher = ZahlungsspeicherInMemory.prototype;
    const einheit = zahlungsspeicher.in;
    jest.spyOn(zahlungsspeicher, 'in').mockImplementation(function (this: ZahlungsspeicherInMemory, tx) {
      const ztx = einheit.call(this, tx);
      const lesen = ztx.offeneRechnungenMitBetrag.bind(ztx);
      ztx.offeneRechnungenMitBetrag = (betrag) => (gelesen.push(betrag), lesen(betrag));
      return ztx;
    });
    const eintrag = { betrag: '119.00', datum: '2026-04-03', name: 'Kanzlei Muster', iban: ANNAS_IBAN };
    const ergebnis = await a.zahlungen.importiere(
      auszug(
        { ...eintrag, referenz: 'BANK-1', verwendungszweck: 'Rechnung RE-2026-001', endToEnd: 'NOTPROVIDED' },
        { ...eintrag, referenz: 'BANK-2', verwendungszweck: 'Seminar April', endToEnd: 'NOTPROVIDED' },
      ),
      ACTOR,
    );
    expect(ergebnis).toMatchObject({ buchungen: 2, zugeordnet: 2 });
    expect([status(a, 1), status(a, 2)]).toEqual(['bezahlt', 'bezahlt']);
    expect(gelesen).toEqual([119]);
    jest.restoreAllMocks();
  });

  it('books a transfer on the invoice its end-to-end id names, in part when it is less', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-2', betrag: '50.00', endToEnd: 'RE-2026-001' }),
      ACTOR,
    );
    expect(zahlungenVon(a, 1)).toEqual([expect.objectContaining({ betrag: 50, art: 'eingang' })]);
    expect(status(a, 1)).toBe('teilweise_bezahlt');
    expect(posten(a, 'BANK-2').end_to_end_referenz).toBe('RE-2026-001');
  });

  it('lets a credit for an invoice paid in full wait with the reason instead of booking it', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'bezahlt' });
    zahlung(a, 1, 119);

    const ergebnis = await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-2', betrag: '119.00', endToEnd: 'RE-2026-001' }),
      ACTOR,
    );

    expect(ergebnis).toMatchObject({ zugeordnet: 0, offen: 1 });
    expect(zahlungenVon(a, 1)).toHaveLength(1);
    expect(status(a, 1)).toBe('bezahlt');
    expect(posten(a, 'BANK-2')).toMatchObject({
      status: 'offen',
      grund: 'Rechnung RE-2026-001 bereits bezahlt',
      rw_rechnung_id: null,
      admin_name: null,
    });
  });

  it('books a transfer of an open invoice’s amount from the account it was issued with', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', data: { bezahlung: { konto: { iban: ANNAS_IBAN } } } });
    rechnung(a, {
      id: 2,
      rechnungs_nr: 'RE-2026-002',
      data: { bezahlung: { konto: { iban: 'DE89370400440532013000' } } },
    });
    const ergebnis = await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-3', betrag: '119.00', iban: ANNAS_IBAN, verwendungszweck: 'Seminar' }),
      ACTOR,
    );
    expect(ergebnis.zugeordnet).toBe(1);
    expect(a.t.zahlungen).toEqual([expect.objectContaining({ rw_rechnung_id: 1, betrag: 119 })]);
  });

  it('does not book on an invoice whose remittance text names it when it is paid already', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'bezahlt' });
    zahlung(a, 1, 119);
    const ergebnis = await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-2', betrag: '119.00', verwendungszweck: 'RE-2026-001' }),
      ACTOR,
    );
    expect(ergebnis).toMatchObject({ zugeordnet: 0, offen: 1 });
    expect(zahlungenVon(a, 1)).toHaveLength(1);
  });

  it('books on an invoice its remittance text names while part of it is still open', async () => {
    const a = aufbau();
    // Issued without a debit account: the snapshot has no payment data.
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'teilweise_bezahlt', data: {} });
    zahlung(a, 1, 50);
    await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-2', betrag: '69.00', verwendungszweck: 'Rest RE-2026-001' }),
      ACTOR,
    );
    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({ betrag: 69, quelle: 'kontoauszug' });
    expect(status(a, 1)).toBe('bezahlt');
  });

  it('counts only an invoice’s own payments against it', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', betrag: 50 });
    // Another invoice of the entry's amount, paid in part: a candidate too, with 50 € of its own.
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002', zahlstatus: 'teilweise_bezahlt' });
    zahlung(a, 2, 50);
    await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-2', betrag: '119.00', verwendungszweck: 'RE-2026-001' }),
      ACTOR,
    );
    expect(zahlungenVon(a, 1)).toEqual([expect.objectContaining({ betrag: 119, quelle: 'kontoauszug' })]);
  });

  it('books a returned debit less the bank’s fee as zurückgebucht on the invoice it names', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', bezahloption_typ: 'debit', zahlstatus: 'bezahlt' });
    zahlung(a, 1, 119);
    const ergebnis = await a.zahlungen.importiere(
      auszug({
        referenz: 'BANK-3',
        betrag: '122.50',
        richtung: 'DBIT',
        endToEnd: 'RE-2026-001',
        rueckgabegrund: 'AC04',
        gebuehr: '3.50',
        iban: ANNAS_IBAN,
      }),
      ACTOR,
    );
    expect(ergebnis.zugeordnet).toBe(1);
    const eintrag = posten(a, 'BANK-3');
    expect(eintrag).toMatchObject({
      gutschrift: false,
      ruecklastschrift: true,
      rueckgabegrund: 'AC04',
      gebuehr: 3.5,
      betrag: 122.5,
      rw_rechnung_id: 1,
    });
    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({
      betrag: -119,
      art: 'ruecklastschrift',
      quelle: 'kontoauszug',
      gebuehr: 3.5,
      rueckgabegrund: 'AC04',
      bank_referenz: 'BANK-3',
      rw_kontoauszug_posten_id: eintrag.id,
    });
    expect(status(a, 1)).toBe('zurueckgebucht');
    expect(a.t.audit.at(-1)).toEqual({
      actor: ACTOR,
      resource: 'rw-rechnung',
      recordId: 1,
      action: 'update',
      changes: { zahlstatus: { before: 'bezahlt', after: 'zurueckgebucht' } },
    });
  });

  it('lets an unknown credit wait in the reconciliation list, unbooked', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    const ergebnis = await a.zahlungen.importiere(
      auszug({
        referenz: 'BANK-4',
        betrag: '77.00',
        name: 'x'.repeat(150),
        verwendungszweck: 'y'.repeat(600),
      }),
      ACTOR,
    );
    expect(ergebnis).toEqual({ buchungen: 1, zugeordnet: 0, offen: 1, bekannt: 0 });
    expect(posten(a, 'BANK-4')).toMatchObject({
      status: 'offen',
      rw_rechnung_id: null,
      rw_abrechnung_id: null,
      admin_name: null,
      name: 'x'.repeat(140),
      verwendungszweck: 'y'.repeat(500),
    });
    expect(a.t.zahlungen).toEqual([]);
    expect(a.t.audit).toEqual([]);
    expect(status(a, 1)).toBe('offen');
  });

  it('stores an entry without remittance text as without one', async () => {
    const a = aufbau();
    await a.zahlungen.importiere(auszug({ referenz: 'BANK-4', betrag: '77.00' }), null);
    expect(posten(a, 'BANK-4')).toMatchObject({
      verwendungszweck: null,
      name: null,
      end_to_end_referenz: null,
    });
  });

  it('changes nothing when the same statement comes twice, nor for an entry twice in one file', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', bezahloption_typ: 'debit', rw_abrechnung_id: 5 });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002' });
    const xml = auszug(
      { referenz: 'BANK-1', betrag: '119.00', sammler: { pmtInfId: LS_5, anzahl: 1 } },
      { referenz: 'BANK-2', betrag: '50.00', endToEnd: 'RE-2026-002' },
      { referenz: 'BANK-2', betrag: '50.00', endToEnd: 'RE-2026-002' },
      { referenz: 'BANK-4', betrag: '77.00' },
    );
    expect(await a.zahlungen.importiere(xml, ACTOR)).toEqual({
      buchungen: 4,
      zugeordnet: 2,
      offen: 1,
      bekannt: 1,
    });
    const vorher = structuredClone(a.t);
    expect(vorher.zahlungen).toHaveLength(2);
    expect(await a.zahlungen.importiere(xml, ACTOR)).toEqual({
      buchungen: 4,
      zugeordnet: 0,
      offen: 0,
      bekannt: 4,
    });
    expect(a.t.zahlungen).toEqual(vorher.zahlungen);
    expect(a.t.kontoauszug).toEqual(vorher.kontoauszug);
    expect(a.t.audit).toEqual(vorher.audit);
    expect(a.t.rechnungen).toEqual(vorher.rechnungen);
  });
});

describe('without a staff member (issue 28)', () => {
  it('leaves the names on entries and payments empty', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002' });
    offenerPosten(a, { id: 40 });
    offenerPosten(a, { id: 41 });
    await a.zahlungen.importiere(
      auszug({ referenz: 'BANK-1', betrag: '119.00', endToEnd: 'RE-2026-001' }),
      null,
    );
    await a.zahlungen.zuordnen(40, 2, null);
    await a.zahlungen.keineRechnung(41, null);
    expect(a.t.kontoauszug.map((p) => [p.referenz, p.status, p.admin_name])).toEqual([
      ['BANK-40', 'zugeordnet', null],
      ['BANK-41', 'keine_rechnung', null],
      ['BANK-1', 'zugeordnet', null],
    ]);
    expect(a.t.zahlungen.map((z) => z.admin_name)).toEqual([null, null]);
  });
});

describe('assigning a waiting entry by hand (issue 28)', () => {
  it('books a credit on the invoice staff chose, audited, and marks the entry done', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    offenerPosten(a, { id: 40, betrag: 60 });
    await a.zahlungen.zuordnen(40, 1, ACTOR);
    expect(posten(a, 'BANK-40')).toMatchObject({
      status: 'zugeordnet',
      rw_rechnung_id: 1,
      admin_name: 'Sachbearbeiterin',
    });
    expect(zahlungenVon(a, 1)).toEqual([
      expect.objectContaining({
        betrag: 60,
        art: 'eingang',
        quelle: 'kontoauszug',
        datum: '2026-04-02',
        bank_referenz: 'BANK-40',
        gebuehr: null,
        rw_kontoauszug_posten_id: 40,
        admin_name: 'Sachbearbeiterin',
      }),
    ]);
    expect(status(a, 1)).toBe('teilweise_bezahlt');
    expect(a.t.audit.map((e) => [e.recordId, e.action])).toEqual([
      [1, 'zahlung'],
      [1, 'update'],
    ]);
  });

  it('books a returned debit less its fee as a return', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'bezahlt' });
    zahlung(a, 1, 119);
    offenerPosten(a, {
      id: 40,
      betrag: 122.5,
      gebuehr: 3.5,
      gutschrift: false,
      ruecklastschrift: true,
      rueckgabegrund: 'MD06',
    });
    await a.zahlungen.zuordnen(40, 1, ACTOR);
    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({
      betrag: -119,
      art: 'ruecklastschrift',
      gebuehr: 3.5,
      rueckgabegrund: 'MD06',
    });
    expect(status(a, 1)).toBe('zurueckgebucht');
  });

  it.each([
    [
      'a fee larger than the entry',
      { betrag: 3, gebuehr: 3.5 },
      [119],
      'RUECKLASTSCHRIFT_GEBUEHR',
      'Die Bankgebühr der Rücklastschrift (3,50 €) ist nicht kleiner als ihr Betrag (3,00 €); der Posten kann so keiner Rechnung zugeordnet werden.',
    ],
    [
      'a fee as large as the entry',
      { betrag: 3.5, gebuehr: 3.5 },
      [119],
      'RUECKLASTSCHRIFT_GEBUEHR',
      'Die Bankgebühr der Rücklastschrift (3,50 €) ist nicht kleiner als ihr Betrag (3,50 €); der Posten kann so keiner Rechnung zugeordnet werden.',
    ],
    [
      'more than was collected',
      { betrag: 122.5, gebuehr: 3.5 },
      [60],
      'RUECKLASTSCHRIFT_BETRAG',
      'Die Rücklastschrift gibt 119,00 € zurück, auf die Rechnung RE-2026-001 sind aber nur 60,00 € eingegangen; bitte die Rechnung prüfen.',
    ],
    [
      'a return on an invoice nothing was collected for',
      { betrag: 119, gebuehr: null },
      [],
      'RUECKLASTSCHRIFT_BETRAG',
      'Die Rücklastschrift gibt 119,00 € zurück, auf die Rechnung RE-2026-001 sind aber nur 0,00 € eingegangen; bitte die Rechnung prüfen.',
    ],
  ])(
    'refuses a returned debit with %s (400) and changes nothing',
    async (_fall, werte, bezahlt, code, meldung) => {
      const a = aufbau();
      rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
      for (const b of bezahlt) zahlung(a, 1, b);
      offenerPosten(a, {
        id: 40,
        gutschrift: false,
        ruecklastschrift: true,
        rueckgabegrund: 'MD06',
        ...werte,
      });
      const vorher = structuredClone(a.t);

      const error = await a.zahlungen.zuordnen(40, 1, ACTOR).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'invalid', code, message: meldung });
      expect(a.t).toEqual(vorher);
    },
  );

  it('takes a return of exactly what was collected, a second payment included', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'bezahlt' });
    zahlung(a, 1, 60);
    zahlung(a, 1, 59);
    offenerPosten(a, { id: 40, betrag: 119, gebuehr: null, gutschrift: false, ruecklastschrift: true });

    await a.zahlungen.zuordnen(40, 1, ACTOR);

    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({ betrag: -119, art: 'ruecklastschrift', gebuehr: null });
  });

  it.each([
    ['an unknown entry', 99, 1, 'NOT_FOUND', 'Kontoauszugsposten 99 wurde nicht gefunden.'],
    ['an unknown invoice', 40, 99, 'NOT_FOUND', 'Rechnung 99 wurde nicht gefunden.'],
    ['an entry done already', 41, 1, 'ZUGEORDNET', 'Dieser Kontoauszugsposten ist bereits erledigt.'],
    [
      'a storno invoice',
      40,
      2,
      'STORNO',
      'Ein Kontoauszugsposten kann keiner Storno-Rechnung zugeordnet werden.',
    ],
    [
      'an outgoing payment',
      42,
      1,
      'LASTSCHRIFT',
      'Eine Abbuchung kann keiner Rechnung als Zahlung zugeordnet werden; bitte als „keine Rechnung“ markieren.',
    ],
  ])('refuses %s and changes nothing', async (_fall, postenId, rechnungId, code, meldung) => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', storno_id: 2 });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002', betrag: -119, storno_parent_id: 1, zahlstatus: null });
    offenerPosten(a, { id: 40 });
    offenerPosten(a, { id: 41, status: 'keine_rechnung' });
    offenerPosten(a, { id: 42, gutschrift: false });
    const vorher = structuredClone(a.t);
    await expect(a.zahlungen.zuordnen(postenId, rechnungId, ACTOR)).rejects.toMatchObject({
      code,
      message: meldung,
    });
    expect(a.t).toEqual(vorher);
  });
});

describe('an entry that pays no invoice (issue 28)', () => {
  it('is marked "keine Rechnung", audited, and books nothing', async () => {
    const a = aufbau();
    offenerPosten(a, { id: 40 });
    await a.zahlungen.keineRechnung(40, ACTOR);
    expect(posten(a, 'BANK-40')).toMatchObject({ status: 'keine_rechnung', admin_name: 'Sachbearbeiterin' });
    expect(a.t.zahlungen).toEqual([]);
    expect(a.t.audit).toEqual([
      {
        actor: ACTOR,
        resource: 'rw-kontoauszug-posten',
        recordId: 40,
        action: 'update',
        changes: { status: { before: 'offen', after: 'keine_rechnung' } },
      },
    ]);
  });

  it('is refused for an entry done already or unknown, changing nothing', async () => {
    const a = aufbau();
    offenerPosten(a, { id: 41, status: 'zugeordnet', rw_rechnung_id: 1 });
    const vorher = structuredClone(a.t);
    await expect(a.zahlungen.keineRechnung(41, ACTOR)).rejects.toMatchObject({ code: 'ZUGEORDNET' });
    await expect(a.zahlungen.keineRechnung(99, ACTOR)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      kind: 'not_found',
    });
    expect(a.t).toEqual(vorher);
  });
});

describe('marking an invoice paid by hand (issue 28)', () => {
  it('books the open rest as one manual payment on the date given, audited, and answers the new status', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', zahlstatus: 'teilweise_bezahlt' });
    zahlung(a, 1, 19);
    expect(await a.zahlungen.manuellBezahlt(1, '2026-04-09', ACTOR)).toEqual({ zahlstatus: 'bezahlt' });
    expect(zahlungenVon(a, 1).at(-1)).toMatchObject({
      betrag: 100,
      art: 'eingang',
      quelle: 'manuell',
      datum: '2026-04-09',
      bank_referenz: null,
      admin_name: 'Sachbearbeiterin',
    });
    expect(status(a, 1)).toBe('bezahlt');
    expect(a.t.audit.at(-1)).toMatchObject({
      recordId: 1,
      changes: { zahlstatus: { before: 'teilweise_bezahlt', after: 'bezahlt' } },
    });
  });

  it('takes today in Berlin, not in UTC, as the latest date', async () => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001' });
    // 23:30 in Berlin on 10 April.
    a.uhr.zeit = new Date('2026-04-10T21:30:00Z');
    await expect(a.zahlungen.manuellBezahlt(1, '2026-04-11', ACTOR)).rejects.toMatchObject({ code: 'DATUM' });
    // 00:30 in Berlin on 11 April, still the 10th in UTC.
    a.uhr.zeit = new Date('2026-04-10T22:30:00Z');
    await a.zahlungen.manuellBezahlt(1, '2026-04-11', ACTOR);
    expect(status(a, 1)).toBe('bezahlt');
  });

  it.each([
    ['a date in the future', 1, '2026-04-11', 'DATUM', '„Bezahlt am“ darf nicht in der Zukunft liegen.'],
    ['no date', 1, '11.04.2026', 'DATUM', '„Bezahlt am“ muss ein Datum sein.'],
    ['an invoice paid already', 3, '2026-04-09', 'BEZAHLT', 'Die Rechnung RE-2026-003 ist bereits bezahlt.'],
    [
      'a storno invoice',
      2,
      '2026-04-09',
      'STORNO',
      'Eine Storno-Rechnung kann nicht als bezahlt markiert werden.',
    ],
    [
      'a cancelled invoice',
      1,
      '2026-04-09',
      'STORNIERT',
      'Die Rechnung RE-2026-001 ist storniert und kann nicht als bezahlt markiert werden.',
    ],
    ['an unknown invoice', 99, '2026-04-09', 'NOT_FOUND', 'Rechnung 99 wurde nicht gefunden.'],
  ])('refuses %s and changes nothing', async (_fall, id, datum, code, meldung) => {
    const a = aufbau();
    rechnung(a, { id: 1, rechnungs_nr: 'RE-2026-001', storno_id: 2 });
    rechnung(a, { id: 2, rechnungs_nr: 'RE-2026-002', betrag: -119, storno_parent_id: 1, zahlstatus: null });
    rechnung(a, { id: 3, rechnungs_nr: 'RE-2026-003', zahlstatus: 'bezahlt' });
    zahlung(a, 3, 119);
    const vorher = structuredClone(a.t);
    await expect(a.zahlungen.manuellBezahlt(id, datum, ACTOR)).rejects.toMatchObject({
      code,
      message: meldung,
    });
    expect(a.t).toEqual(vorher);
  });
});
