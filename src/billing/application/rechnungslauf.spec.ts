import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { BuchungGeaendert } from '../../shared/ereignisse';
import type { Nummernkreis } from '../domain/nummernkreis';
import type { KategorieObjekt } from '../domain/kategorie';
import type { Buchungsvorgang } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';
import { Uhr } from './ports/uhr';
import { laufMitFakes } from './rechnungs-dokument.testing';

const JETZT = new Date('2026-03-10T09:00:00Z');
const SEMINAR: KategorieObjekt = { category: 'seminare', feld: 'veranstaltung_id', id: 7 };
const ANNA = 10;

class FesteUhr extends Uhr {
  jetzt() {
    return JETZT;
  }
}

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  const t = speicher.tabellen;
  t.kreise.set(1, { template: 'RE-{YYYY}-{NR:3}', current_nr: 0, offset_nr: 0 });
  t.vorlagen.push({ id: 1, titel: 'Seminare', rw_kreis_id: 1, datei: null, storno_datei: null });
  t.zahlungswege.push({
    id: 1,
    benutzer_id: ANNA,
    typ: 'transfer',
    adresse: { bezeichnung: null, strasse: 'Hauptstr. 1', plz: '10115', ort: 'Berlin' },
    konto: null,
    objekt: SEMINAR,
    skript_per_post: false,
  });
  t.naechsteId = 100;
  const ereignisse = new Ereignisbus();
  const gemeldet: BuchungGeaendert[] = [];
  ereignisse.abonnieren('buchung.geaendert', async (aenderung) => {
    gemeldet.push(aenderung);
  });
  const { lauf, archiv } = laufMitFakes(speicher, ereignisse, new FesteUhr());
  return { speicher, lauf, gemeldet, archiv };
}

type Aufbau = ReturnType<typeof aufbau>;

/** A booking of Anna on the seminar (19 % VAT, template 1), as the booking use case stores it. */
async function buche({ speicher }: Aufbau, werte: Partial<Buchungsvorgang>): Promise<number> {
  const id = await speicher.transaktion(async (tx) => {
    const neu = await tx.vorgangEinfuegen({
      category: 'seminare',
      veranstaltung_id: SEMINAR.id,
      benutzer_id: ANNA,
      titel: 'Steuerrecht aktuell',
      betrag: 119,
      ...werte,
    });
    await tx.vorgaengeAendern([neu], { first_id: neu });
    return neu;
  });
  speicher.tabellen.objektdaten.set(id, {
    benutzer_name: 'Anna Muster',
    quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 19, rw_vorlage_id: 1 } },
  });
  return id;
}

const vorgang = (a: Aufbau, id: number) => a.speicher.tabellen.vorgaenge.find((v) => v.id === id)!;
const rechnungen = (a: Aufbau) => a.speicher.tabellen.rechnungen;
const positionen = (a: Aufbau, rechnungId: number) =>
  (rechnungen(a).find((r) => r.id === rechnungId)!.data!.positionen as { vorgang_id: number }[]).map(
    (p) => p.vorgang_id,
  );
const kreis = (a: Aufbau): Nummernkreis => a.speicher.tabellen.kreise.get(1)!;

async function storniereVorgang(a: Aufbau, id: number) {
  await a.speicher.transaktion((tx) => tx.vorgaengeAendern([id], { storno: true }));
}

describe('Rechnungslauf (against the in-memory Abrechnungsspeicher)', () => {
  it('invoices every open current booking of the member on one invoice, numbered from the circle, and locks them', async () => {
    const a = aufbau();
    const verifiziert = await buche(a, { verifiziert: true });
    const offen = await buche(a, { verifiziert: false, betrag: 238 });

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(ergebnis).toEqual({ all: 1, created: 1, storno: 0, fehler: [] });
    const [rechnung] = rechnungen(a);
    expect(rechnung).toMatchObject({
      rechnungs_nr: 'RE-2026-001',
      benutzer_id: ANNA,
      category: 'seminare',
      veranstaltung_id: SEMINAR.id,
      bezahloption_typ: 'transfer',
      betrag: 357,
      netto: 300,
      mwst: 57,
    });
    expect(rechnung.data).toMatchObject({
      empfaenger: { name: 'Anna Muster', adresse: { strasse: 'Hauptstr. 1', plz: '10115', ort: 'Berlin' } },
      steuern: [{ satz: 19, brutto: 357, netto: 300, mwst: 57 }],
      datum: JETZT.toISOString(),
    });
    expect(positionen(a, rechnung.id)).toEqual([verifiziert, offen]);
    for (const id of [verifiziert, offen])
      expect(vorgang(a, id)).toMatchObject({ rw_rechnung_id: rechnung.id, locked: true });
    expect(kreis(a).current_nr).toBe(1);
  });

  it('issues a business (firma, or its payment option asks for it) an e-invoice and keeps firma and Leitweg-ID (issue 29)', async () => {
    for (const [option, e_rechnung] of [
      [{ firma: 'Muster GmbH', leitweg_id: '991-33333-57' }, true],
      [{ firma: null, e_rechnung: true }, true],
      [{ firma: null, e_rechnung: false }, false],
    ] as const) {
      const a = aufbau();
      Object.assign(a.speicher.tabellen.zahlungswege[0], option);
      await buche(a, { verifiziert: true });

      await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

      const [rechnung] = rechnungen(a);
      expect(rechnung.data).toMatchObject({
        e_rechnung,
        empfaenger: { firma: option.firma, leitweg_id: 'leitweg_id' in option ? option.leitweg_id : null },
      });
    }
  });

  it('with only_verified invoices the verified bookings only; the others stay open', async () => {
    const a = aufbau();
    const verifiziert = await buche(a, { verifiziert: true });
    const offen = await buche(a, { verifiziert: false });

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: true }, null);

    expect(ergebnis.created).toBe(1);
    expect(positionen(a, rechnungen(a)[0].id)).toEqual([verifiziert]);
    expect(vorgang(a, offen)).toMatchObject({ rw_rechnung_id: null, locked: false });
  });

  it('answers a cancelled invoiced booking with a storno and re-invoices the rest — with only_verified not the unverified ones', async () => {
    const a = aufbau();
    const storniert = await buche(a, { verifiziert: true, betrag: 119 });
    const bleibt = await buche(a, { verifiziert: true, betrag: 238 });
    const unverifiziert = await buche(a, { verifiziert: false, betrag: 357 });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    const [erste] = rechnungen(a);
    await storniereVorgang(a, storniert);

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: true }, null);

    expect(ergebnis).toEqual({ all: 1, created: 1, storno: 1, fehler: [] });
    const [, storno, neue] = rechnungen(a);
    expect(storno).toMatchObject({ storno_parent_id: erste.id, rechnungs_nr: 'RE-2026-002', betrag: -714 });
    expect(rechnungen(a)[0].storno_id).toBe(storno.id);
    // Both uncancelled bookings re-open as new versions; only the verified one is invoiced again.
    const neuVon = (id: number) =>
      a.speicher.tabellen.vorgaenge.find((v) => v.id === vorgang(a, id).child_id)!;
    expect(positionen(a, neue.id)).toEqual([neuVon(bleibt).id]);
    expect(neue).toMatchObject({ rechnungs_nr: 'RE-2026-003', betrag: 238 });
    expect(neuVon(unverifiziert)).toMatchObject({
      first_id: unverifiziert,
      verifiziert: false,
      rw_rechnung_id: null,
      locked: false,
      storno: false,
    });
    expect(vorgang(a, storniert).child_id).toBeNull();
  });

  it('without only_verified re-invoices the unverified re-opened bookings too', async () => {
    const a = aufbau();
    const storniert = await buche(a, { verifiziert: true });
    const unverifiziert = await buche(a, { verifiziert: false });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    await storniereVorgang(a, storniert);

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(positionen(a, rechnungen(a)[2].id)).toEqual([vorgang(a, unverifiziert).child_id]);
  });

  it('names a member without payment option and issues nothing for them', async () => {
    const a = aufbau();
    a.speicher.tabellen.zahlungswege = [];
    const id = await buche(a, { verifiziert: true });

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(ergebnis).toEqual({
      all: 1,
      created: 0,
      storno: 0,
      fehler: ['Für Anna Muster fehlt eine Zahlungsart'],
    });
    expect(vorgang(a, id).rw_rechnung_id).toBeNull();
  });

  it('stops the whole run when a template has no circle: no invoice, no number, nothing locked', async () => {
    const a = aufbau();
    const erste = await buche(a, { verifiziert: true });
    const ohneKreis = await buche(a, { verifiziert: true });
    a.speicher.tabellen.vorlagen.push({
      id: 2,
      titel: 'Ohne',
      rw_kreis_id: null,
      datei: null,
      storno_datei: null,
    });
    a.speicher.tabellen.objektdaten.set(ohneKreis, {
      quellen: { seminar: { titel: 'Bilanzkurs', mwst: 7, rw_vorlage_id: 2 } },
    });

    await expect(a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null)).rejects.toMatchObject({
      code: 'KREIS_FEHLT',
      message: 'Für „Bilanzkurs“ ist keine Rechnungsvorlage mit Rechnungs-Kreis hinterlegt.',
    });
    expect(rechnungen(a)).toEqual([]);
    expect(kreis(a).current_nr).toBe(0);
    expect(vorgang(a, erste).locked).toBe(false);
  });

  describe('storniereRechnung', () => {
    async function ausgestellt() {
      const a = aufbau();
      const eins = await buche(a, { verifiziert: true, betrag: 119 });
      const zwei = await buche(a, { verifiziert: true, betrag: 107, veranstaltung_event_id: 70 });
      a.speicher.tabellen.objektdaten.set(zwei, {
        benutzer_name: 'Anna Muster',
        quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 7, rw_vorlage_id: 1 } },
      });
      await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
      return { a, eins, zwei, rechnung: rechnungen(a)[0] };
    }

    it('issues the storno with every amount negated, cancels the bookings and announces them', async () => {
      const { a, eins, zwei, rechnung } = await ausgestellt();

      const ergebnis = await a.lauf.storniereRechnung(rechnung.id, false, null);

      const storno = rechnungen(a).find((r) => r.id === ergebnis.storno)!;
      expect(ergebnis.kopien).toEqual([]);
      expect(storno).toMatchObject({
        storno_parent_id: rechnung.id,
        rechnungs_nr: 'RE-2026-002',
        betrag: -226,
        netto: -200,
        mwst: -26,
      });
      expect(storno.data).toMatchObject({
        storno_zu: 'RE-2026-001',
        positionen: [{ betrag: -119 }, { betrag: -107 }],
      });
      expect(rechnungen(a)[0].storno_id).toBe(storno.id);
      expect([vorgang(a, eins).storno, vorgang(a, zwei).storno]).toEqual([true, true]);
      expect(a.gemeldet).toEqual([
        {
          ziele: [
            { veranstaltung_id: SEMINAR.id, veranstaltung_event_id: null },
            { veranstaltung_id: SEMINAR.id, veranstaltung_event_id: 70 },
          ],
        },
      ]);
      expect(
        a.speicher.tabellen.audit.filter((e) => e.resource === 'rw-transaction').map((e) => e.recordId),
      ).toEqual([eins, zwei]);
    });

    it('nets an unpaid invoice off against its storno: nothing refunded, the storno text says so', async () => {
      const { a, rechnung } = await ausgestellt();
      expect(rechnung.zahlstatus).toBe('offen');

      const { storno } = await a.lauf.storniereRechnung(rechnung.id, false, null);

      expect(rechnungen(a).find((r) => r.id === storno)!.data).toMatchObject({
        ausgleich: { verrechnet: 22600, erstattung: 0 },
      });
      expect(a.speicher.tabellen.zahlungen).toMatchObject([
        { rw_rechnung_id: rechnung.id, betrag: 226, art: 'verrechnung', quelle: 'storno' },
      ]);
      expect(rechnungen(a)[0].zahlstatus).toBe('bezahlt');
    });

    it('flags a summary whose debit file was downloaded when a storno nets off one of its debits', async () => {
      const { a } = await ausgestellt();
      const t = a.speicher.tabellen;
      const rechnung = t.rechnungen[0];
      rechnung.bezahloption_typ = 'debit';
      const am = new Date('2026-03-01T10:00:00Z');
      const ungeladen = { id: 500, data: { betrag: 226 }, createdAt: am };
      t.abrechnungen.push(ungeladen, { id: 501, data: { betrag: 226 }, createdAt: am });
      t.abrechnungsLog.push({ rw_abrechnung_id: 501, type: 'sepaDebit', admin_name: null });

      rechnung.rw_abrechnung_id = 500;
      await a.lauf.storniereRechnung(rechnung.id, true, null);
      expect(t.abrechnungen.find((x) => x.id === 500)!.data).toEqual({ betrag: 226 });

      // The copies invoiced again, on a summary whose debit file was downloaded.
      await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
      const neue = a.speicher.tabellen.rechnungen.at(-1)!;
      neue.bezahloption_typ = 'debit';
      neue.rw_abrechnung_id = 501;
      await a.lauf.storniereRechnung(neue.id, false, null);
      expect(a.speicher.tabellen.abrechnungen.find((x) => x.id === 501)!.data).toEqual({
        betrag: 226,
        hinweise: [
          `Rechnung ${neue.rechnungs_nr} wurde storniert, steht aber in der bereits heruntergeladenen ` +
            'SEPA-Lastschrift (226,00 €): bitte den Einzug bei der Bank zurückrufen.',
        ],
      });
    });

    it('refunds only what was received, to the refund account of the payment option', async () => {
      const { a, rechnung } = await ausgestellt();
      const erstattungskonto = {
        inhaber: 'Anna Muster',
        iban: 'DE02120300000000202051',
        bic: null,
        bank: null,
        sepa_referenz: null,
        sepa_datum: null,
      };
      a.speicher.tabellen.zahlungswege[0].erstattungskonto = erstattungskonto;
      a.speicher.tabellen.zahlungen.push({
        id: 900,
        rw_rechnung_id: rechnung.id,
        datum: '2026-03-12',
        betrag: 100,
        art: 'eingang',
        quelle: 'manuell',
        bank_referenz: null,
        gebuehr: null,
        rueckgabegrund: null,
        rw_kontoauszug_posten_id: null,
        admin_name: null,
      });

      const { storno } = await a.lauf.storniereRechnung(rechnung.id, false, null);

      expect(rechnungen(a).find((r) => r.id === storno)!.data).toMatchObject({
        ausgleich: { verrechnet: 12600, erstattung: 10000 },
        bezahlung: { konto: erstattungskonto },
      });
      expect(a.speicher.tabellen.zahlungen.map((z) => [z.art, z.betrag])).toEqual([
        ['eingang', 100],
        ['verrechnung', 126],
      ]);
    });

    it('with copy re-opens the bookings as new versions, and the next run invoices them again', async () => {
      const { a, eins, zwei, rechnung } = await ausgestellt();

      const { kopien } = await a.lauf.storniereRechnung(rechnung.id, true, null);

      expect(kopien).toEqual([vorgang(a, eins).child_id, vorgang(a, zwei).child_id]);
      for (const id of kopien)
        expect(vorgang(a, id)).toMatchObject({ storno: false, rw_rechnung_id: null, verifiziert: true });
      const lauf = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: true }, null);
      expect(lauf).toMatchObject({ created: 1, storno: 0 });
      const neue = rechnungen(a).at(-1)!;
      expect(neue).toMatchObject({ rechnungs_nr: 'RE-2026-003', betrag: 226 });
      expect(positionen(a, neue.id)).toEqual(kopien);
    });

    it('cancels only the bookings not cancelled yet, and audits those', async () => {
      const { a, eins, zwei, rechnung } = await ausgestellt();
      await storniereVorgang(a, eins);
      a.speicher.tabellen.audit = [];

      await a.lauf.storniereRechnung(rechnung.id, false, null);

      expect(vorgang(a, zwei).storno).toBe(true);
      expect(
        a.speicher.tabellen.audit
          .filter((e) => e.resource === 'rw-transaction')
          .map((e) => [e.recordId, e.action, e.changes]),
      ).toEqual([[zwei, 'storno', { storno: { before: false, after: true } }]]);
      const storno = rechnungen(a).find((r) => r.storno_parent_id === rechnung.id)!;
      expect(
        a.speicher.tabellen.audit
          .filter((e) => e.resource === 'rw-rechnung' && e.action === 'storno')
          .map((e) => [e.recordId, e.changes?.storno_id ?? null]),
      ).toEqual([
        [storno.id, null],
        [rechnung.id, { before: null, after: storno.id }],
      ]);
    });

    it('refuses an invoice without number circle and one that is not found, in German, changing nothing', async () => {
      const { a, rechnung } = await ausgestellt();
      a.speicher.tabellen.rechnungen[0].rw_kreis_id = null;
      const vorher = structuredClone(a.speicher.tabellen);

      await expect(a.lauf.storniereRechnung(rechnung.id, true, null)).rejects.toMatchObject({
        code: 'KREIS_FEHLT',
        message: 'Die Rechnung hat keinen Rechnungs-Kreis.',
      });
      await expect(a.lauf.storniereRechnung(999, false, null)).rejects.toMatchObject({
        message: 'Rechnung 999 wurde nicht gefunden.',
      });
      expect(a.speicher.tabellen).toEqual(vorher);
    });

    it('refuses a storno and an invoice already cancelled, and changes nothing', async () => {
      const { a, rechnung } = await ausgestellt();
      const { storno } = await a.lauf.storniereRechnung(rechnung.id, false, null);
      const vorher = structuredClone(a.speicher.tabellen);

      await expect(a.lauf.storniereRechnung(rechnung.id, false, null)).rejects.toMatchObject({
        code: 'BEREITS_STORNIERT',
      });
      await expect(a.lauf.storniereRechnung(storno, false, null)).rejects.toMatchObject({
        code: 'STORNORECHNUNG',
      });
      await expect(a.lauf.storniereRechnung(999, false, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(a.speicher.tabellen).toEqual(vorher);
    });
  });

  describe('the run request', () => {
    it('reads only_verified (its text is read by the body schema), and refuses invoice fields', () => {
      const { lauf } = aufbau();
      const objekt = { category: 'seminare', category_id: 7 };

      expect(lauf.anfrage({ ...objekt, only_verified: true })).toEqual({
        objekt: SEMINAR,
        nurVerifizierte: true,
      });
      expect(lauf.anfrage({ ...objekt, only_verified: false }).nurVerifizierte).toBe(false);
      expect(lauf.anfrage(objekt).nurVerifizierte).toBe(false);
      expect(() => lauf.anfrage({ ...objekt, betrag: 10 })).toThrow(
        expect.objectContaining({
          code: 'OPERATION_REFUSED',
          message:
            'Rechnungen entstehen in Abrechnungsläufen und können nicht über die allgemeine Bearbeitung angelegt werden.',
        }),
      );
    });
  });

  it("cancels only the invoices with a cancelled booking; other members' invoices and bookings stay as they are", async () => {
    const a = aufbau();
    const BERT = 11;
    a.speicher.tabellen.zahlungswege.push({
      id: 2,
      benutzer_id: BERT,
      typ: 'debit',
      adresse: { bezeichnung: null, strasse: 'Ring 2', plz: '50667', ort: 'Köln' },
      konto: {
        inhaber: 'Bert Beispiel',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        bank: 'DKB',
        sepa_referenz: 'M-11',
        sepa_datum: '2025-01-02',
      },
      objekt: SEMINAR,
      skript_per_post: false,
    });
    const anna = await buche(a, { verifiziert: true });
    const bert = await buche(a, { verifiziert: true, benutzer_id: BERT, betrag: 238 });
    a.speicher.tabellen.objektdaten.set(bert, {
      benutzer_name: 'Bert Beispiel',
      quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 19, rw_vorlage_id: 1 } },
    });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    const [fuerAnna, fuerBert] = rechnungen(a);
    expect(fuerBert.data).toMatchObject({
      empfaenger: { name: 'Bert Beispiel', adresse: { strasse: 'Ring 2', plz: '50667', ort: 'Köln' } },
      bezahlung: { typ: 'debit', konto: { iban: 'DE02120300000000202051', sepa_referenz: 'M-11' } },
    });
    expect(fuerAnna.data).toMatchObject({
      empfaenger: { name: 'Anna Muster' },
      bezahlung: { typ: 'transfer', konto: null },
    });
    await storniereVorgang(a, anna);

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(ergebnis).toEqual({ all: 0, created: 0, storno: 1, fehler: [] });
    expect(rechnungen(a).map((r) => [r.benutzer_id, r.storno_parent_id, r.storno_id])).toEqual([
      [ANNA, null, rechnungen(a)[2].id],
      [BERT, null, null],
      [ANNA, fuerAnna.id, null],
    ]);
    expect(vorgang(a, bert)).toMatchObject({ child_id: null, rw_rechnung_id: fuerBert.id, locked: true });
  });

  it('a re-invoiced booking keeps its period of service', async () => {
    const a = aufbau();
    const storniert = await buche(a, { verifiziert: true });
    const bleibt = await buche(a, { verifiziert: true });
    a.speicher.tabellen.objektdaten.set(bleibt, {
      benutzer_name: 'Anna Muster',
      quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 19, rw_vorlage_id: 1 } },
      leistung: { von: '2026-04-20', bis: '2026-04-21' },
    });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    expect(rechnungen(a)[0].data).toMatchObject({
      leistungszeitraum: { von: '2026-04-20', bis: '2026-04-21' },
    });
    await storniereVorgang(a, storniert);

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(rechnungen(a)[2].data).toMatchObject({
      leistungszeitraum: { von: '2026-04-20', bis: '2026-04-21' },
    });
  });

  it('stops the run when no template applies to a booking', async () => {
    const a = aufbau();
    const id = await buche(a, { verifiziert: true });
    a.speicher.tabellen.objektdaten.set(id, { quellen: { seminar: { titel: 'Ohne Vorlage', mwst: 19 } } });

    await expect(a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null)).rejects.toMatchObject({
      code: 'KREIS_FEHLT',
      message: 'Für „Ohne Vorlage“ ist keine Rechnungsvorlage mit Rechnungs-Kreis hinterlegt.',
    });
  });

  it('locks every circle it numbers from, invoices and stornos alike, in ascending order before taking a number', async () => {
    const a = aufbau();
    a.speicher.tabellen.kreise.set(2, { template: 'NEU-{NR}', current_nr: 0, offset_nr: 0 });
    const storniert = await buche(a, { verifiziert: true });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    // The template now numbers from circle 2; the issued invoice and its storno stay in circle 1.
    a.speicher.tabellen.vorlagen[0].rw_kreis_id = 2;
    await storniereVorgang(a, storniert);
    await buche(a, { verifiziert: true });
    const schritte: string[] = [];
    const transaktion = a.speicher.transaktion.bind(a.speicher);
    a.speicher.transaktion = (arbeit) =>
      transaktion((tx) => {
        const beobachtet = Object.create(tx) as typeof tx;
        beobachtet.rechnungsKreisGesperrt = async (id) => {
          schritte.push(`sperre ${id}`);
          return tx.rechnungsKreisGesperrt(id);
        };
        beobachtet.kreisZaehlerSetzen = async (art, id, nr) => {
          schritte.push(`nummer ${id}`);
          return tx.kreisZaehlerSetzen(art, id, nr);
        };
        return arbeit(beobachtet);
      });

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(schritte.slice(0, 2)).toEqual(['sperre 1', 'sperre 2']);
    expect(schritte.filter((s) => s.startsWith('nummer'))).toEqual(['nummer 1', 'nummer 2']);
    expect(
      rechnungen(a)
        .slice(1)
        .map((r) => r.rechnungs_nr),
    ).toEqual(['RE-2026-002', 'NEU-1']);
  });

  it('reports its progress and audits each invoice it issues', async () => {
    const a = aufbau();
    const storniert = await buche(a, { verifiziert: true });
    await buche(a, { verifiziert: true });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    await storniereVorgang(a, storniert);
    const gemeldet: [number, number, string | undefined][] = [];
    a.speicher.tabellen.audit = [];

    await a.lauf.starte(
      { objekt: SEMINAR, nurVerifizierte: false },
      { id: 1, name: 'Sachbearbeiterin' },
      async (schritt, von, text) => {
        gemeldet.push([schritt, von, text]);
      },
    );

    expect(gemeldet).toEqual([
      [0, 0, 'Offene Vorgänge werden gelesen'],
      [1, 1, 'Storno-Rechnungen werden ausgestellt'],
      [1, 1, 'Rechnungen werden ausgestellt'],
      [1, 2, 'Rechnungs-PDFs werden archiviert'],
      [2, 2, 'Rechnungs-PDFs werden archiviert'],
    ]);
    const [original, storno, neue] = rechnungen(a);
    expect(a.speicher.tabellen.audit.map((e) => [e.resource, e.recordId, e.action])).toEqual([
      ['rw-rechnung', storno.id, 'storno'],
      // Issue 29: the original's own trail names its storno.
      ['rw-rechnung', original.id, 'storno'],
      // The unpaid original is netted off by its storno (issue 28).
      ['rw-rechnung', original.id, 'zahlung'],
      ['rw-rechnung', original.id, 'update'],
      ['rw-rechnung', neue.id, 'invoice-run'],
      ['rw-rechnung', storno.id, 'archive'],
      ['rw-rechnung', neue.id, 'archive'],
    ]);
    expect(a.speicher.tabellen.audit[1].changes).toEqual({ storno_id: { before: null, after: storno.id } });
    expect(a.speicher.tabellen.audit[4].changes).toMatchObject({
      rechnungs_nr: { after: 'RE-2026-003' },
      betrag: { after: 119 },
    });
  });
});

describe('Rechnungslauf: the template and the archived original of what it issues (issue 28)', () => {
  it('records the chosen template on the invoice and archives its PDF once committed', async () => {
    const a = aufbau();
    await buche(a, { verifiziert: true });

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    const [rechnung] = rechnungen(a);
    expect(rechnung.rw_vorlage_id).toBe(1);
    expect(a.archiv.dateien.get(rechnung.original_datei!)).toBeDefined();
    expect(rechnung.original_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a storno of a run the template of the invoice it cancels, and archives it', async () => {
    const a = aufbau();
    const storniert = await buche(a, { verifiziert: true });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);
    await storniereVorgang(a, storniert);

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    const storno = rechnungen(a).find((r) => r.storno_parent_id != null)!;
    expect(storno.rw_vorlage_id).toBe(1);
    expect(a.archiv.dateien.get(storno.original_datei!)).toBeDefined();
  });

  it('archives the storno of a single invoice, with that invoice’s template', async () => {
    const a = aufbau();
    await buche(a, { verifiziert: true });
    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    const { storno } = await a.lauf.storniereRechnung(rechnungen(a)[0].id, false, null);

    const zeile = rechnungen(a).find((r) => r.id === storno)!;
    expect(zeile.rw_vorlage_id).toBe(1);
    expect(a.archiv.dateien.get(zeile.original_datei!)).toBeDefined();
  });

  it('leaves the originals to the first download when asked to (the back-dated demo seed)', async () => {
    const a = aufbau();
    await buche(a, { verifiziert: true });
    const am = new Date('2025-03-01T10:00:00Z');

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null, undefined, {
      datum: am,
      archivieren: false,
    });
    const { storno } = await a.lauf.storniereRechnung(rechnungen(a)[0].id, false, null, {
      datum: am,
      archivieren: false,
    });

    expect(rechnungen(a).map((r) => [r.original_datei, r.original_sha256])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(a.archiv.dateien.size).toBe(0);
    expect(rechnungen(a).map((r) => r.id)).toContain(storno);
  });

  it('dates invoice and storno by their date of issue, also a back-dated one (lists and DATEV go by it)', async () => {
    const a = aufbau();
    await buche(a, { verifiziert: true });
    const am = new Date('2025-03-01T10:00:00Z');
    const spaeter = new Date('2025-04-15T08:30:00Z');

    await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null, undefined, { datum: am });
    await a.lauf.storniereRechnung(rechnungen(a)[0].id, false, null, { datum: spaeter });

    expect(rechnungen(a).map((r) => [r.createdAt, r.data?.datum])).toEqual([
      [am, am.toISOString()],
      [spaeter, spaeter.toISOString()],
    ]);
  });

  it('reports an invoice whose PDF could not be archived; the invoice stays issued', async () => {
    const a = aufbau();
    a.speicher.tabellen.vorlagen[0].datei = 'fehlt.hbs';
    await buche(a, { verifiziert: true });

    const ergebnis = await a.lauf.starte({ objekt: SEMINAR, nurVerifizierte: false }, null);

    expect(ergebnis.created).toBe(1);
    expect(ergebnis.fehler).toEqual([
      'Das PDF der Rechnung RE-2026-001 wurde nicht archiviert: Die Vorlage „Seminare“ kann nicht gefüllt werden: Feld „Datei“ – die Datei „fehlt.hbs“ gibt es nicht.',
    ]);
    expect(ergebnis).not.toHaveProperty('ausgestellt');
    expect(rechnungen(a)[0].original_sha256).toBeNull();
  });
});
