import { ConfigService } from '@nestjs/config';
import type { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { ResourceReader } from '../../platform/resources/resource-reader';
import type { Row } from '../../platform/resources/resource-definition';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { ResourceWriter } from '../../platform/resources/resource-writer';
import { Preisfindung, type GutscheinBuchung } from '../../promotions/application/ports/preisfindung';
import { DomainError } from '../../shared/domain-error';
import type { BuchungGeaendert } from '../../shared/ereignisse';
import type { BuchungsEingabe } from '../domain/buchung';
import type { KategorieObjekt } from '../domain/kategorie';
import { Abrechnungen } from './abrechnungen';
import { Buchungen } from './buchungen';
import { Buchungsstapel, type Stapel } from './buchungsstapel';
import type { BillingTx } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';
import { Uhr } from './ports/uhr';
import { laufMitFakes, VerbandsdatenInMemory } from './rechnungs-dokument.testing';
import { Verbandsangaben } from './verbandsdaten';
import { Vorgaenge } from './vorgaenge';

/** What billing asks promotions' port for, as the port names it. */
type RabattBuchung = Parameters<Preisfindung['rabatte']>[0];

const JETZT = new Date('2026-03-10T09:00:00Z');
const MITGLIED = 10;
const MITARBEITER = 11;
const NICHTMITGLIED = 12;
const SEMINAR = 7;
const SEMINAR_OBJEKT: KategorieObjekt = { category: 'seminare', feld: 'veranstaltung_id', id: SEMINAR };

class FesteUhr extends Uhr {
  jetzt() {
    return JETZT;
  }
}

/**
 * Promotions as billing sees it: an early-bird discount of 20 € on seminar 7 (5 € on the cheaper
 * "Treue" one), voucher SOMMER takes 10 €, ALT is used up. Records what it was asked and how
 * often the rules were loaded.
 */
class PreisfindungFake extends Preisfindung {
  anfragen: RabattBuchung[] = [];
  geladen = 0;
  gutscheine: { code: string; buchung: GutscheinBuchung; eingeloest: boolean }[] = [];

  async rabattRechner() {
    this.geladen++;
    return (buchung: RabattBuchung) => {
      this.anfragen.push(buchung);
      const rabatte = [
        { id: 1, titel: 'Frühbucher', abzug: 2000, betrag: buchung.preis - 2000 },
        { id: 2, titel: 'Treue', abzug: 500, betrag: buchung.preis - 500 },
      ];
      return { rabatte, gewaehlt: rabatte[0], betrag: rabatte[0].betrag };
    };
  }

  async gutschein(code: string, buchung: GutscheinBuchung) {
    return this.wirkung(code, buchung, false);
  }

  async gutscheinEinloesen(_tx: unknown, code: string, buchung: GutscheinBuchung) {
    return this.wirkung(code, buchung, true);
  }

  private async wirkung(code: string, buchung: GutscheinBuchung, eingeloest: boolean) {
    this.gutscheine.push({ code, buchung, eingeloest });
    if (code !== 'SOMMER') throw DomainError.conflict('GUTSCHEIN_UNGUELTIG', 'Gutschein ist ungültig!');
    return {
      abzug: 1000,
      betrag: buchung.preis - 1000,
      gutschein: { id: 3, code, typ: 'reduction' as const, wert: 10, valid: true },
    };
  }
}

function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  const objekte = speicher.tabellen.objekte;
  objekte.set(`Benutzer:${MITGLIED}`, {
    id: MITGLIED,
    parent_id: null,
    atr_mitglied: true,
    anzeigename: 'Kanzlei Muster',
    gruppen: [4],
  });
  objekte.set(`Benutzer:${MITARBEITER}`, {
    id: MITARBEITER,
    parent_id: MITGLIED,
    atr_mitglied: false,
    anzeigename: 'Max Mitarbeiter',
  });
  objekte.set(`Benutzer:${NICHTMITGLIED}`, {
    id: NICHTMITGLIED,
    parent_id: null,
    atr_mitglied: false,
    anzeigename: 'Nora Gast',
  });
  objekte.set(`Veranstaltung:${SEMINAR}`, {
    id: SEMINAR,
    titel: 'Steuerrecht aktuell',
    lg_id: 'LG 12',
    beginn: '2026-04-20T08:00:00Z',
    veranstaltung_typ_id: 3,
    preis1: 200,
    preis1_beschreibung: 'Mitglieder',
    preis2: 300,
    preis2_beschreibung: 'Nichtmitglieder',
  });
  speicher.tabellen.naechsteId = 100;
  const ereignisse = new Ereignisbus();
  const gemeldet: BuchungGeaendert[] = [];
  ereignisse.abonnieren('buchung.geaendert', async (aenderung) => {
    gemeldet.push(aenderung);
  });
  const preisfindung = new PreisfindungFake();
  const registry = { get: (name: string) => ({ name }) } as unknown as ResourceRegistry;
  const reader = {
    get: async (_definition: unknown, id: number) => speicher.tabellen.vorgaenge.find((v) => v.id === id),
  } as unknown as ResourceReader;
  const buchungen = new Buchungen(speicher, preisfindung, ereignisse, new FesteUhr(), registry, reader);
  const writer = { values: (_definition: unknown, body: Row) => body } as unknown as ResourceWriter;
  const vorgaenge = new Vorgaenge(speicher, ereignisse, registry, reader, writer);
  // Invoices of the seminar: circle 1 by template 1, the member pays by transfer.
  speicher.tabellen.kreise.set(1, { template: 'RE-{YYYY}-{NR:3}', current_nr: 0, offset_nr: 0 });
  speicher.tabellen.vorlagen.push({
    id: 1,
    titel: 'Seminare',
    rw_kreis_id: 1,
    datei: null,
    storno_datei: null,
  });
  speicher.tabellen.zahlungswege.push({
    id: 1,
    benutzer_id: MITGLIED,
    typ: 'transfer',
    adresse: { bezeichnung: null, strasse: 'Hauptstr. 1', plz: '10115', ort: 'Berlin' },
    konto: null,
    objekt: SEMINAR_OBJEKT,
    skript_per_post: false,
  });
  const { lauf, dokument, archiv } = laufMitFakes(speicher, ereignisse, new FesteUhr());
  const config = new ConfigService({});
  const verband = new Verbandsangaben(new VerbandsdatenInMemory(), {} as MitgliederAuskunft, config);
  const abrechnungen = new Abrechnungen(speicher, lauf, dokument, new FesteUhr(), verband, config);
  const stapel = new Buchungsstapel(
    speicher,
    buchungen,
    vorgaenge,
    preisfindung,
    ereignisse,
    lauf,
    abrechnungen,
    dokument,
  );
  return { speicher, buchungen, stapel, preisfindung, gemeldet, lauf, abrechnungen, archiv };
}

/** Hands the tx of every unit of work `speicher` starts to `anpassen` before the work gets it. */
function jedeTransaktion(speicher: AbrechnungsspeicherInMemory, anpassen: (tx: BillingTx) => void) {
  const transaktion = speicher.transaktion.bind(speicher);
  jest.spyOn(speicher, 'transaktion').mockImplementation((arbeit) =>
    transaktion((tx) => {
      anpassen(tx);
      return arbeit(tx);
    }),
  );
}

const seminarbuchung = (werte: Partial<BuchungsEingabe> = {}): BuchungsEingabe => ({
  category: 'seminare',
  benutzer_id: MITGLIED,
  veranstaltung_id: SEMINAR,
  ...werte,
});

describe('Buchungen (against the in-memory Abrechnungsspeicher)', () => {
  it('books a seminar at the member tier minus the best discount, starts a chain, announces and audits it', async () => {
    const { speicher, buchungen, preisfindung, gemeldet } = aufbau();

    const gebucht = await buchungen.buchen(seminarbuchung({ verifiziert: true }), null);

    expect(gebucht).toMatchObject({
      id: 100,
      first_id: 100,
      child_id: null,
      category: 'seminare',
      benutzer_id: MITGLIED,
      teilnehmer_id: MITGLIED,
      veranstaltung_id: SEMINAR,
      titel: 'LG 12 - Steuerrecht aktuell',
      teilnehmer: 'Kanzlei Muster',
      betrag: 180,
      verifiziert: true,
      storno: false,
      locked: false,
      rw_rechnung_id: null,
      buchung_time: JETZT,
      data: {
        preis_stufe: 1,
        preis_bezeichnung: 'Mitglieder',
        listenpreis: 200,
        rabatt_id: 1,
        rabatt_titel: 'Frühbucher',
        rabatt_abzug: 20,
        gutschein_code: null,
        gutschein_abzug: 0,
        betrag_manuell: false,
      },
    });
    expect(preisfindung.anfragen).toEqual([
      {
        preis: 20000,
        teilnehmer: { id: MITGLIED, gruppenIds: [4] },
        seminar: { id: SEMINAR, typId: 3, datum: '2026-04-20' },
        buchungsdatum: '2026-03-10',
        frueher: [],
      },
    ]);
    expect(gemeldet).toEqual([{ ziele: [{ veranstaltung_id: SEMINAR, veranstaltung_event_id: null }] }]);
    expect(speicher.tabellen.audit).toMatchObject([
      { resource: 'rw-transaction', recordId: 100, action: 'create' },
    ]);
  });

  it('takes the tier of whom takes part: a non-member pays the non-member price, an employee the member price', async () => {
    const { buchungen } = aufbau();

    const gast = await buchungen.preis(seminarbuchung({ benutzer_id: NICHTMITGLIED, wb_rabatt_id: 0 }));
    const mitarbeiter = await buchungen.preis(
      seminarbuchung({ teilnehmer_id: MITARBEITER, wb_rabatt_id: 0 }),
    );

    expect(gast).toMatchObject({ preis_stufe: 2, preis: 300, betrag: 300, teilnehmer: 'Nora Gast' });
    expect(mitarbeiter).toMatchObject({
      preis_stufe: 1,
      preis: 200,
      betrag: 200,
      teilnehmer: 'Max Mitarbeiter',
    });
  });

  it('counts the current earlier bookings of the seminar for the discounts, with the discount each got', async () => {
    const { buchungen, preisfindung } = aufbau();
    await buchungen.buchen(seminarbuchung(), null);
    await buchungen.buchen(seminarbuchung({ wb_rabatt_id: 2, teilnehmer_id: MITARBEITER }), null);
    await buchungen.buchen(seminarbuchung({ wb_rabatt_id: 0 }), null);

    await buchungen.preis(seminarbuchung());

    expect(preisfindung.anfragen.at(-1)!.frueher).toEqual([
      { teilnehmerId: MITGLIED, seminarId: SEMINAR, rabattIds: [1] },
      { teilnehmerId: MITARBEITER, seminarId: SEMINAR, rabattIds: [2] },
      { teilnehmerId: MITGLIED, seminarId: SEMINAR, rabattIds: [] },
    ]);
  });

  it('applies the discount chosen, none with 0, and refuses one that does not apply', async () => {
    const { speicher, buchungen } = aufbau();

    expect(await buchungen.preis(seminarbuchung({ wb_rabatt_id: 2 }))).toMatchObject({
      rabatt_id: 2,
      betrag: 195,
      rabatte: [
        { id: 1, titel: 'Frühbucher', betrag: 180, abzug: 20 },
        { id: 2, titel: 'Treue', betrag: 195, abzug: 5 },
      ],
    });
    expect(await buchungen.preis(seminarbuchung({ wb_rabatt_id: 0 }))).toMatchObject({
      rabatt_id: null,
      betrag: 200,
    });
    await expect(buchungen.buchen(seminarbuchung({ wb_rabatt_id: 9 }), null)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'BUCHUNG_RABATT',
      message: 'Der Rabatt 9 ist für diese Buchung nicht anwendbar.',
    });
    expect(speicher.tabellen.vorgaenge).toEqual([]);
  });

  it('a voucher is looked at by the price and redeemed by the booking, on the price after the discount', async () => {
    const { buchungen, preisfindung } = aufbau();

    const auskunft = await buchungen.preis(seminarbuchung({ voucher_code: 'SOMMER' }));
    const gebucht = await buchungen.buchen(seminarbuchung({ voucher_code: 'SOMMER' }), null);

    expect(auskunft).toMatchObject({
      betrag: 170,
      gutschein: { code: 'SOMMER', typ: 'reduction', wert: 10, abzug: 10 },
    });
    expect(auskunft.gutschein!.anzeige).toContain('10');
    expect(gebucht).toMatchObject({ betrag: 170, data: { gutschein_code: 'SOMMER', gutschein_abzug: 10 } });
    expect(preisfindung.gutscheine).toEqual([
      { code: 'SOMMER', buchung: { preis: 18000, seminarId: SEMINAR }, eingeloest: false },
      { code: 'SOMMER', buchung: { preis: 18000, seminarId: SEMINAR }, eingeloest: true },
    ]);
  });

  it("a voucher's refusal is bad input (400) and books nothing", async () => {
    const { speicher, buchungen } = aufbau();

    await expect(buchungen.buchen(seminarbuchung({ voucher_code: 'ALT' }), null)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'GUTSCHEIN_UNGUELTIG',
      message: 'Gutschein ist ungültig!',
    });
    expect(speicher.tabellen.vorgaenge).toEqual([]);
    expect(speicher.tabellen.audit).toEqual([]);
  });

  it('a manual amount replaces the computed one and is marked as such', async () => {
    const { buchungen } = aufbau();

    const gebucht = await buchungen.buchen(seminarbuchung({ betrag: 99.5, titel: '  Sonderpreis  ' }), null);

    expect(gebucht).toMatchObject({
      betrag: 99.5,
      titel: 'Sonderpreis',
      data: { listenpreis: 200, betrag_manuell: true },
    });
  });

  it('refuses a participant who is neither the member nor its employee, and an unknown member', async () => {
    const { buchungen } = aufbau();

    await expect(buchungen.preis(seminarbuchung({ teilnehmer_id: NICHTMITGLIED }))).rejects.toMatchObject({
      kind: 'invalid',
      code: 'BUCHUNG_TEILNEHMER',
    });
    await expect(buchungen.preis(seminarbuchung({ benutzer_id: 99 }))).rejects.toMatchObject({
      kind: 'not_found',
      code: 'MITGLIED_NICHT_GEFUNDEN',
      message: 'Mitglied 99 wurde nicht gefunden.',
    });
    await expect(buchungen.preis(seminarbuchung({ teilnehmer_id: 98 }))).rejects.toMatchObject({
      kind: 'not_found',
      code: 'TEILNEHMER_NICHT_GEFUNDEN',
      message: 'Teilnehmer 98 wurde nicht gefunden.',
    });
  });

  describe('events', () => {
    function mitEvent(einzeln_buchbar: boolean) {
      const a = aufbau();
      a.speicher.tabellen.objekte.set('Veranstaltung_Event:70', {
        id: 70,
        veranstaltung_id: SEMINAR,
        titel: 'Tag 2',
        lg_id: null,
        datum: '2026-04-21',
        einzeln_buchbar,
        preis1: 90,
        preis1_beschreibung: 'Mitglieder',
      });
      return a;
    }

    it('an event booked on its own has its own tiers and date; the seminar is found through it', async () => {
      const { buchungen, preisfindung } = mitEvent(true);

      const gebucht = await buchungen.buchen(
        { category: 'seminare', benutzer_id: MITGLIED, veranstaltung_event_id: 70, wb_rabatt_id: 0 },
        null,
      );

      expect(gebucht).toMatchObject({
        veranstaltung_id: SEMINAR,
        veranstaltung_event_id: 70,
        betrag: 90,
        titel: 'LG 12 - Tag 2',
      });
      expect(preisfindung.anfragen[0].seminar).toEqual({ id: SEMINAR, typId: 3, datum: '2026-04-21' });
    });

    it("an event not booked on its own costs the seminar's price", async () => {
      const { buchungen } = mitEvent(false);

      const auskunft = await buchungen.preis(seminarbuchung({ veranstaltung_event_id: 70, wb_rabatt_id: 0 }));

      expect(auskunft).toMatchObject({ betrag: 200, preis_stufe: 1 });
    });

    it('refuses an event of another seminar, an unknown event and an unknown seminar', async () => {
      const { buchungen } = mitEvent(true);

      await expect(
        buchungen.preis(seminarbuchung({ veranstaltung_id: 8, veranstaltung_event_id: 70 })),
      ).rejects.toMatchObject({
        kind: 'invalid',
        code: 'BUCHUNG_EVENT_SEMINAR',
        message: 'Veranstaltung 70 gehört nicht zum Seminar 8.',
      });
      await expect(buchungen.preis(seminarbuchung({ veranstaltung_event_id: 71 }))).rejects.toMatchObject({
        kind: 'not_found',
        code: 'EVENT_NICHT_GEFUNDEN',
      });
      await expect(buchungen.preis(seminarbuchung({ veranstaltung_id: 8 }))).rejects.toMatchObject({
        kind: 'not_found',
        code: 'SEMINAR_NICHT_GEFUNDEN',
        message: 'Seminar 8 wurde nicht gefunden.',
      });
      await expect(buchungen.preis({ category: 'seminare', benutzer_id: MITGLIED })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'BUCHUNG_OBJEKT',
      });
    });
  });

  describe('bundles, products and Abos take their own price, without discounts or vouchers', () => {
    function mitObjekten() {
      const a = aufbau();
      const o = a.speicher.tabellen.objekte;
      o.set('WB_Bundle:5', {
        id: 5,
        titel: 'Paket',
        titel_rechnung: 'Paket Steuern',
        preis: 100,
        is_netto: true,
        mwst: 19,
      });
      o.set('Produkt:6', { id: 6, titel: 'Handbuch', titel_rechnung: '', preis: 49.9 });
      o.set('Warenkorb:8', { id: 8, benutzer_id: MITGLIED });
      o.set('Warenkorb:9', { id: 9, benutzer_id: NICHTMITGLIED });
      o.set('WB_Abo:3', { id: 3, titel: 'Abo', titel_rechnung: 'Abo Steuerbrief' });
      o.set('WB_Abo_Turnus:30', { id: 30, wb_abo_id: 3, preis: 60 });
      o.set('WB_Abo_Buchung:31', { id: 31, wb_abo_id: 3, benutzer_id: MITGLIED });
      o.set('WB_Abo_Buchung:32', { id: 32, wb_abo_id: 3, benutzer_id: NICHTMITGLIED });
      o.set('WB_Abo_Buchung:35', { id: 35, wb_abo_id: 4, benutzer_id: MITGLIED });
      return a;
    }

    it('a net bundle price gets its VAT added', async () => {
      const { buchungen, preisfindung } = mitObjekten();

      const gebucht = await buchungen.buchen(
        { category: 'bundle', benutzer_id: MITGLIED, wb_bundle_id: 5 },
        null,
      );

      expect(gebucht).toMatchObject({ wb_bundle_id: 5, betrag: 119, titel: 'Paket Steuern' });
      expect(preisfindung.anfragen).toEqual([]);
    });

    it("a product is booked to the member's cart", async () => {
      const { buchungen } = mitObjekten();
      const produkt = { category: 'produkte', benutzer_id: MITGLIED, produkt_id: 6 } as const;

      expect(await buchungen.preis({ ...produkt, warenkorb_id: 8 })).toMatchObject({
        betrag: 49.9,
        titel: 'Handbuch',
      });
      await expect(buchungen.preis({ ...produkt, warenkorb_id: 9 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'WARENKORB_NICHT_GEFUNDEN',
      });
      await expect(buchungen.preis(produkt)).rejects.toMatchObject({
        kind: 'invalid',
        code: 'BUCHUNG_OBJEKT',
      });
      await expect(buchungen.preis({ ...produkt, produkt_id: 60, warenkorb_id: 8 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'PRODUKT_NICHT_GEFUNDEN',
      });
    });

    it("an Abo period costs the period's price; period and Abo booking must belong to the Abo and member", async () => {
      const { buchungen } = mitObjekten();
      const abo = { category: 'abos', benutzer_id: MITGLIED, wb_abo_turnus_id: 30 } as const;

      const gebucht = await buchungen.buchen({ ...abo, wb_abo_id: 3, wb_abo_buchung_id: 31 }, null);

      expect(gebucht).toMatchObject({
        wb_abo_id: 3,
        wb_abo_turnus_id: 30,
        wb_abo_buchung_id: 31,
        betrag: 60,
        titel: 'Abo Steuerbrief',
      });
      await expect(buchungen.preis({ ...abo, wb_abo_id: 4 })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'BUCHUNG_TURNUS_ABO',
        message: 'Turnus 30 gehört nicht zum Abo 4.',
      });
      await expect(buchungen.preis({ ...abo, wb_abo_buchung_id: 32 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'ABO_BUCHUNG_NICHT_GEFUNDEN',
      });
      await expect(buchungen.preis({ ...abo, wb_abo_buchung_id: 34 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'ABO_BUCHUNG_NICHT_GEFUNDEN',
      });
      await expect(buchungen.preis({ ...abo, wb_abo_buchung_id: 35 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'ABO_BUCHUNG_NICHT_GEFUNDEN',
        message: 'Abo-Buchung 35 des Mitglieds für dieses Abo wurde nicht gefunden.',
      });
      await expect(buchungen.preis({ ...abo, wb_abo_turnus_id: 33 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'TURNUS_NICHT_GEFUNDEN',
      });
    });

    it('refuses a discount or a voucher on them', async () => {
      const { buchungen } = mitObjekten();
      const bundle = { category: 'bundle', benutzer_id: MITGLIED, wb_bundle_id: 5 } as const;

      await expect(buchungen.preis({ ...bundle, wb_rabatt_id: 1 })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'BUCHUNG_RABATT',
        message: 'Rabatte gelten nur für Seminare und Veranstaltungen.',
      });
      await expect(buchungen.preis({ ...bundle, voucher_code: 'SOMMER' })).rejects.toMatchObject({
        kind: 'invalid',
        code: 'GUTSCHEIN_NICHT_HIER',
      });
      await expect(buchungen.preis({ ...bundle, wb_bundle_id: 50 })).rejects.toMatchObject({
        kind: 'not_found',
        code: 'BUNDLE_NICHT_GEFUNDEN',
        message: 'Bundle 50 wurde nicht gefunden.',
      });
    });

    it('asks for the object when its id is missing', async () => {
      const { buchungen } = mitObjekten();

      for (const [anfrage, message] of [
        [{ category: 'bundle' }, 'Bitte wählen Sie das Bundle.'],
        [{ category: 'abos' }, 'Bitte wählen Sie den Turnus des Abos.'],
        [
          { category: 'produkte', warenkorb_id: 8 },
          'Ein Produkt wird zu einer Bestellung gebucht: bitte Produkt und Warenkorb angeben.',
        ],
      ] as const)
        await expect(buchungen.preis({ ...anfrage, benutzer_id: MITGLIED })).rejects.toMatchObject({
          kind: 'invalid',
          code: 'BUCHUNG_OBJEKT',
          message,
        });
    });
  });

  describe('a batch (Buchungsstapel)', () => {
    const auftraege = [
      { eingabe: seminarbuchung({ verifiziert: true }), jetzt: new Date('2026-03-01T09:00:00Z') },
      { eingabe: seminarbuchung({ teilnehmer_id: MITARBEITER }), jetzt: new Date('2026-03-02T09:00:00Z') },
      { eingabe: seminarbuchung({ wb_rabatt_id: 2 }), jetzt: new Date('2026-03-03T09:00:00Z') },
    ];
    const alleBuchen = async (stapel: Stapel) => {
      const gebucht = [];
      for (const { eingabe, jetzt } of auftraege) gebucht.push(await stapel.buchen(eingabe, jetzt));
      return Promise.all(gebucht.map(async (g) => ({ id: await g.id(), betrag: g.betrag })));
    };
    const vorab = auftraege.map((a) => a.eingabe);

    it('books as one booking after the other would, each counting the earlier ones of the batch', async () => {
      const einzeln = aufbau();
      for (const { eingabe, jetzt } of auftraege) await einzeln.buchungen.buchen(eingabe, null, jetzt);
      const gestapelt = aufbau();

      const gebucht = await gestapelt.stapel.ausfuehren(vorab, null, alleBuchen);

      expect(gebucht).toEqual([
        { id: 100, betrag: 180 },
        { id: 101, betrag: 180 },
        { id: 102, betrag: 195 },
      ]);
      expect(gestapelt.speicher.tabellen.vorgaenge).toEqual(einzeln.speicher.tabellen.vorgaenge);
      expect(gestapelt.preisfindung.anfragen).toEqual(einzeln.preisfindung.anfragen);
      expect(gestapelt.preisfindung.anfragen[2].frueher).toHaveLength(2);
      expect(gestapelt.speicher.tabellen.audit).toEqual(einzeln.speicher.tabellen.audit);
    });

    it('changes a booking of the batch as PUT would: its chain started first, later bookings count the change', async () => {
      const { speicher, stapel, preisfindung } = aufbau();

      await stapel.ausfuehren(vorab.slice(0, 2), null, async (s) => {
        const erste = await (await s.buchen(vorab[0], JETZT)).id();
        await s.aendern(erste, { betrag: 150 });
        await s.aendern(erste + 1, { storno: true });
        await s.buchen(vorab[1], JETZT);
      });

      expect(speicher.tabellen.vorgaenge).toMatchObject([
        { id: 100, first_id: 100, child_id: 101, betrag: 180 },
        { id: 101, first_id: 100, child_id: null, betrag: 150, storno: true },
        { id: 102, first_id: 102, teilnehmer_id: MITARBEITER },
      ]);
      expect(preisfindung.anfragen.at(-1)!.frueher).toEqual([]);
    });

    it('inserts the bookings that follow each other together, before the next other step or when an id is asked for', async () => {
      const { speicher, stapel } = aufbau();
      const eingefuegt: number[] = [];
      jedeTransaktion(speicher, (tx) => {
        const einzeln = tx.vorgangEinfuegen.bind(tx);
        const zusammen = tx.vorgaengeEinfuegen.bind(tx);
        // The store in memory inserts several as one after the other: those are not counted.
        let zusammenEinfuegen = false;
        tx.vorgangEinfuegen = (werte) => {
          if (!zusammenEinfuegen) eingefuegt.push(1);
          return einzeln(werte);
        };
        tx.vorgaengeEinfuegen = async (werte) => {
          eingefuegt.push(werte.length);
          zusammenEinfuegen = true;
          const ids = await zusammen(werte);
          zusammenEinfuegen = false;
          return ids;
        };
      });

      await stapel.ausfuehren(vorab, null, async (s) => {
        const [erste] = await alleBuchen(s);
        await s.buchen(vorab[0], JETZT);
        await s.aendern(erste.id, { betrag: 150 });
        const letzte = await s.buchen(vorab[1], JETZT);
        expect(await letzte.id()).toBe(105);
      });

      // Three together, then the fourth before the change, its new version, then the fifth.
      expect(eingefuegt).toEqual([3, 1, 1, 1]);
      expect(speicher.tabellen.vorgaenge.map((v) => [v.id, v.first_id, v.child_id])).toEqual([
        [100, 100, 104],
        [101, 101, null],
        [102, 102, null],
        [103, 103, null],
        [104, 100, null],
        [105, 105, null],
      ]);
    });

    it('loads the discount rules once and announces the participant counts once, for bookings and changes', async () => {
      const { stapel, preisfindung, gemeldet } = aufbau();

      await stapel.ausfuehren(vorab, null, async (s) => {
        const [erste] = await alleBuchen(s);
        await s.aendern(erste.id, { storno: true });
      });

      expect(preisfindung.geladen).toBe(1);
      const ziel = { veranstaltung_id: SEMINAR, veranstaltung_event_id: null };
      expect(gemeldet).toEqual([{ ziele: [ziel, ziel, ziel, ziel] }]);
    });

    it('locks the seminars it books up front, in one read, instead of one per booking', async () => {
      const { speicher, stapel } = aufbau();
      speicher.tabellen.objekte.set('Veranstaltung:8', { id: 8, titel: 'Bilanzen', beginn: null });
      speicher.tabellen.objekte.set('Veranstaltung_Event:80', { id: 80, veranstaltung_id: 8 });
      const gesperrt: string[] = [];
      jedeTransaktion(speicher, (tx) => {
        const objekt = tx.objekt.bind(tx);
        const objekte = tx.objekte.bind(tx);
        tx.objekt = (art, id, sperren) => {
          if (sperren) gesperrt.push(`${art} ${id}`);
          return objekt(art, id, sperren);
        };
        tx.objekte = (art, ids, sperren) => {
          if (sperren) gesperrt.push(`${art} ${ids.join(', ')}`);
          return objekte(art, ids, sperren);
        };
      });
      const anfragen = [
        seminarbuchung({ veranstaltung_id: null, veranstaltung_event_id: 80 }),
        seminarbuchung(),
        seminarbuchung({ veranstaltung_id: 8 }),
      ];

      await stapel.ausfuehren(anfragen, null, async (s) => {
        for (const anfrage of anfragen) await s.buchen(anfrage, JETZT);
      });

      expect(gesperrt).toEqual(['Veranstaltung 8, 7']);
      expect(speicher.tabellen.vorgaenge.map((v) => v.veranstaltung_id)).toEqual([8, SEMINAR, 8]);
    });

    /** Anna's bookings 100 and 101 as their invoices read them (19 % VAT, template 1). */
    const abrechenbar = (a: ReturnType<typeof aufbau>) => {
      for (const id of [100, 101])
        a.speicher.tabellen.objektdaten.set(id, {
          benutzer_name: 'Kanzlei Muster',
          quellen: { seminar: { titel: 'Steuerrecht aktuell', mwst: 19, rw_vorlage_id: 1 } },
        });
      return a;
    };
    const lauf = { objekt: SEMINAR_OBJEKT, nurVerifizierte: false };
    const tag = (d: number) => new Date(Date.UTC(2026, 2, d, 9));

    it('runs, cancels and exports as the use cases on their own would, each step seeing the ones before', async () => {
      const einzeln = abrechenbar(aufbau());
      await einzeln.buchungen.buchen(vorab[0], null, tag(1));
      await einzeln.buchungen.buchen(vorab[1], null, tag(2));
      await einzeln.lauf.starte(lauf, null, undefined, { datum: tag(3) });
      await einzeln.lauf.storniereRechnung(einzeln.speicher.tabellen.rechnungen[0].id, true, null, {
        datum: tag(4),
      });
      await einzeln.abrechnungen.erstelle(lauf, null, undefined, { datum: tag(5) });
      const gestapelt = abrechenbar(aufbau());

      const ausgang = await gestapelt.stapel.ausfuehren(vorab.slice(0, 2), null, async (s) => {
        await s.buchen(vorab[0], tag(1));
        await s.buchen(vorab[1], tag(2));
        const erster = await s.laufen(lauf, tag(3));
        const storno = await s.stornieren(erster.rechnungen[0], true, tag(4));
        const abrechnung = await s.exportieren(lauf, tag(5));
        return { erster, storno, abrechnung };
      });

      expect(ausgang.erster).toMatchObject({ created: 1, rechnungen: [102] });
      expect(ausgang.storno).toMatchObject({ storno: 103, kopien: [expect.any(Number), expect.any(Number)] });
      expect(ausgang.abrechnung).toMatchObject({ all: 3, created: 2, storno: 1 });
      const t = gestapelt.speicher.tabellen;
      expect(t.rechnungen.map((r) => r.rechnungs_nr)).toEqual(['RE-2026-001', 'RE-2026-002', 'RE-2026-003']);
      expect(t.vorgaenge).toEqual(einzeln.speicher.tabellen.vorgaenge);
      expect(t.rechnungen).toEqual(einzeln.speicher.tabellen.rechnungen);
      // The summary's own creation time is the clock's, not the demo date's.
      const ohneZeit = ({ createdAt: _, ...rest }: { createdAt: Date }) => rest;
      expect(t.abrechnungen.map(ohneZeit)).toEqual(einzeln.speicher.tabellen.abrechnungen.map(ohneZeit));
      // The originals are archived once the batch committed, not after each step: the same entries, later.
      const archiviert = (audit: typeof t.audit) => audit.filter((e) => e.action === 'archive');
      const sonst = (audit: typeof t.audit) => audit.filter((e) => e.action !== 'archive');
      expect(sonst(t.audit)).toEqual(sonst(einzeln.speicher.tabellen.audit));
      expect(t.audit.slice(-3)).toEqual(archiviert(einzeln.speicher.tabellen.audit));
      expect([...gestapelt.archiv.dateien.keys()]).toEqual([...einzeln.archiv.dateien.keys()]);
      expect(gestapelt.archiv.dateien.size).toBe(3);
    });

    it('archives nothing when asked not to, and nothing of a batch refused after its run', async () => {
      const ohne = abrechenbar(aufbau());
      await ohne.stapel.ausfuehren(
        vorab.slice(0, 1),
        null,
        async (s) => {
          await s.buchen(vorab[0], tag(1));
          await s.laufen(lauf, tag(2));
        },
        { archivieren: false },
      );
      expect(ohne.speicher.tabellen.rechnungen).toHaveLength(1);
      expect(ohne.archiv.dateien.size).toBe(0);

      const abgelehnt = abrechenbar(aufbau());
      await expect(
        abgelehnt.stapel.ausfuehren(vorab.slice(0, 1), null, async (s) => {
          await s.buchen(vorab[0], tag(1));
          await s.laufen(lauf, tag(2));
          await s.exportieren({ ...lauf, objekt: { ...SEMINAR_OBJEKT, id: 8 } }, tag(3));
        }),
      ).rejects.toMatchObject({ code: 'NICHTS_ZU_EXPORTIEREN' });
      expect(abgelehnt.speicher.tabellen.vorgaenge).toEqual([]);
      expect(abgelehnt.speicher.tabellen.rechnungen).toEqual([]);
      expect(abgelehnt.speicher.tabellen.kreise.get(1)!.current_nr).toBe(0);
      expect(abgelehnt.archiv.dateien.size).toBe(0);
    });

    it('writes nothing of the batch when one step is refused, and announces nothing', async () => {
      const { speicher, stapel, gemeldet } = aufbau();

      await expect(
        stapel.ausfuehren(vorab, null, async (s) => {
          await alleBuchen(s);
          await s.buchen(seminarbuchung({ benutzer_id: 999 }), JETZT);
        }),
      ).rejects.toMatchObject({
        code: 'MITGLIED_NICHT_GEFUNDEN',
        message: 'Mitglied 999 wurde nicht gefunden.',
      });

      expect(speicher.tabellen.vorgaenge).toEqual([]);
      expect(speicher.tabellen.audit).toEqual([]);
      expect(gemeldet).toEqual([]);
    });
  });

  it('a seminar without price tiers costs nothing', async () => {
    const { speicher, buchungen } = aufbau();
    speicher.tabellen.objekte.set('Veranstaltung:9', { id: 9, titel: 'Stammtisch', beginn: null });

    expect(await buchungen.preis(seminarbuchung({ veranstaltung_id: 9, wb_rabatt_id: 0 }))).toMatchObject({
      preis_stufe: null,
      preis: 0,
      betrag: 0,
      titel: 'Stammtisch',
    });
  });
});
