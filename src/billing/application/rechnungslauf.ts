/**
 * The invoice run (spec 002 §4, §7: `POST /node/api/rw-rechnung`). One database transaction per
 * run: storno invoices for issued invoices with a cancelled transaction (their other transactions
 * re-open as new versions), then one invoice per member and payment option from the open current
 * transactions, numbered from the circle of the object's invoice template. A fault anywhere rolls
 * back everything: no invoice, no number taken, no transaction locked.
 *
 * Each issued invoice's PDF is rendered once and archived after the transaction committed, as the
 * run's last step with its progress (rechnungs-dokument.ts): rendering hundreds of PDFs inside the
 * transaction would hold its locks (on SQLite: the one writer) for the whole time.
 *
 * Concurrency: the open transactions and the invoices to cancel are read with row locks, so two
 * runs over one object take turns and the second finds nothing left; circles are locked in
 * ascending id order before any number is taken, so runs sharing circles cannot deadlock.
 */
import { berlinDatum } from '../../../common/kalender';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import { buchungAktiv, buchungsZiel } from '../../shared/ereignisse';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents, formatEuro, type Cents } from '../../shared/money';
import { KATEGORIE_ID_FELD, kategorieObjekt, type KategorieObjekt } from '../domain/kategorie';
import type { Rechnungssummen } from '../domain/rechnungsbetraege';
import {
  rechnungsentwuerfe,
  rechnungsinhalt,
  stornoInhalt,
  type Bezahloption,
  type OffenerVorgang,
  type Rechnungsinhalt,
} from '../domain/rechnungslauf';
import { istGeschaeftskunde } from '../domain/e-rechnung';
import { pruefeExaktStornierbar, pruefeStornierbar } from '../domain/rechnung';
import { gesamtzeitraum, type Konto, type Leistungszeitraum } from '../domain/rechnungsdokument';
import { stornoAusgleich, zahlstatus } from '../domain/zahlung';
import { steuerregel } from '../domain/steuerquellen';
import { neueVersion } from '../domain/vorgang';
import { abrechnungsdatenAendern } from './abrechnungsdaten';
import { Nummernvergabe, type Nummernblock } from './nummernvergabe';
import { RechnungsDokument } from './rechnungs-dokument';
import {
  Abrechnungsspeicher,
  type BillingTx,
  type Buchungsvorgang,
  type NeueRechnung,
  type Rechnung,
  type Zahlungsweg,
} from './ports/abrechnungsspeicher';
import { Uhr } from './ports/uhr';
import { Zahlungsspeicher, type ZahlungsTx } from './ports/zahlungsspeicher';
import { alsBetrag, bucheZahlungen } from './zahlungsbuchung';

export interface Laufergebnis {
  /** Members with open transactions (each should get an invoice). */
  all: number;
  /** Invoices issued. */
  created: number;
  /** Storno invoices issued. */
  storno: number;
  /** What could not be invoiced, in German ("Für … fehlt eine Zahlungsart"). */
  fehler: string[];
}

/** A checked run request; plain JSON, so that it travels as a job's data. */
/** The body of a run or an export, its fields' types checked at the edge; other fields are refused here. */
export interface Laufkoerper {
  category?: string;
  category_id?: number;
  only_verified?: boolean;
  [feld: string]: unknown;
}

export interface Laufanfrage {
  objekt: KategorieObjekt;
  nurVerifizierte: boolean;
}

/**
 * How invoices are issued: their date of issue (default: now) and whether their originals are
 * archived at once (default). The demo seed issues hundreds of back-dated invoices and leaves the
 * originals to their first download, the rule for invoices without one (rechnungs-dokument.ts).
 */
export interface Ausstellung {
  datum?: Date;
  archivieren?: boolean;
}

/** A run inside a transaction: its result and the ids of the invoices it issued, to archive once committed. */
export interface Laufausgang extends Laufergebnis {
  ausgestellt: number[];
  /** Of those, the invoices (not the storno invoices). */
  rechnungen: number[];
}

export interface Stornoergebnis {
  /** The storno invoice's id. */
  storno: number;
  /** The re-opened copies of the cancelled transactions. */
  kopien: number[];
}

/**
 * READ COMMITTED (on MariaDB): every read sees what a run that held the locks before committed.
 * SQLite runs one transaction at a time anyway.
 */
export const READ_COMMITTED = 'read-committed';

const LAUF_FELDER = ['category', 'category_id', 'only_verified'];

/** The fields of an invoice the run sets besides number, amounts and content. */
type Rechnungsfelder = Partial<
  Pick<
    Rechnung,
    | 'rw_kreis_id'
    | 'benutzer_id'
    | 'category'
    | 'veranstaltung_id'
    | 'wb_abo_id'
    | 'wb_bundle_id'
    | 'warenkorb_id'
    | 'bezahloption_typ'
    | 'storno_parent_id'
    | 'rw_vorlage_id'
  >
>;

/** What an invoice needs to know about a transaction beyond the row itself. */
interface Abrechnungsdaten {
  benutzer_name: string | null;
  satz: number;
  rw_vorlage_id: number;
  rw_kreis_id: number;
  leistung: Leistungszeitraum | null;
}

@Injectable()
export class Rechnungslauf {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly nummern: Nummernvergabe,
    private readonly ereignisse: Ereignisbus,
    private readonly uhr: Uhr,
    private readonly dokument: RechnungsDokument,
    private readonly zahlungen: Zahlungsspeicher,
  ) {}

  /** The run request `{category, category_id, only_verified?}`, checked before the run is queued. */
  anfrage(werte: Laufkoerper): Laufanfrage {
    // Invoice fields instead of a run request: the generic create this endpoint replaced.
    if (Object.keys(werte).some((feld) => !LAUF_FELDER.includes(feld))) {
      throw DomainError.conflict(
        'OPERATION_REFUSED',
        'Rechnungen entstehen in Abrechnungsläufen und können nicht über die allgemeine Bearbeitung angelegt werden.',
      );
    }
    return { objekt: kategorieObjekt(werte), nurVerifizierte: werte.only_verified === true };
  }

  /** One run in its own transaction, its invoices issued `wie` (Ausstellung). */
  async starte(
    anfrage: Laufanfrage,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
    { datum = this.uhr.jetzt(), archivieren = true }: Ausstellung = {},
  ): Promise<Laufergebnis> {
    const {
      ausgestellt,
      rechnungen: _rechnungen,
      ...ergebnis
    } = await this.speicher.transaktion(
      (tx) => this.laufe(tx, anfrage.objekt, anfrage.nurVerifizierte, datum, actor, melde),
      READ_COMMITTED,
    );
    if (!archivieren) return ergebnis;
    const nichtArchiviert = await this.dokument.archivieren(ausgestellt, melde);
    return { ...ergebnis, fehler: [...ergebnis.fehler, ...nichtArchiviert] };
  }

  /** The run inside the caller's transaction (the export runs it before gathering, abrechnungen.ts). */
  async laufe(
    tx: BillingTx,
    objekt: KategorieObjekt,
    nurVerifizierte: boolean,
    datum: Date,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<Laufausgang> {
    await melde(0, 0, 'Offene Vorgänge werden gelesen');
    // 1. Issued invoices of the object with a cancelled transaction get a storno; checked again on
    // the locked transactions, so a cancellation lifted meanwhile leaves its invoice as it is.
    const stornoreif = await tx.stornoreifeRechnungenGesperrt(objekt);
    const aufRechnung = await tx.vorgaengeAufRechnungenGesperrt(stornoreif.map((r) => r.id));
    const zuStornieren = stornoreif.filter((r) =>
      aufRechnung.some((t) => t.rw_rechnung_id === r.id && t.storno),
    );
    // Their uncancelled transactions are invoiced again, as new versions.
    const wiederOffen = aufRechnung.filter(
      (t) => !t.storno && zuStornieren.some((r) => r.id === t.rw_rechnung_id),
    );

    // 2. The open current transactions.
    const offen = await tx.offeneVorgaengeGesperrt(objekt, nurVerifizierte ? { verifiziert: true } : {});
    const zuBerechnen = [...offen, ...wiederOffen.filter((t) => !nurVerifizierte || t.verifiziert)];
    const daten = await abrechnungsdaten(tx, zuBerechnen);

    // 3. Every circle this run numbers from, locked in ascending order before any number is taken.
    const kreise = new Set<number>([...daten.values()].map((d) => d.rw_kreis_id));
    for (const r of zuStornieren) if (r.rw_kreis_id != null) kreise.add(r.rw_kreis_id);
    const nummern = await this.nummern.sperren(tx, [...kreise]);

    // 4. Storno invoices, and the re-opened versions of the rest.
    const neueVersionen = new Map<number, number>();
    const stornos: number[] = [];
    for (const [i, rechnung] of zuStornieren.entries()) {
      stornos.push(await this.storniere(tx, nummern, rechnung, datum, actor));
      await melde(i + 1, zuStornieren.length, 'Storno-Rechnungen werden ausgestellt');
    }
    for (const t of wiederOffen) neueVersionen.set(t.id, await wiederEroeffnen(tx, t));

    // 5. One invoice per member and payment option (and invoice template).
    const zeitraeume = new Map<number, Leistungszeitraum | null>();
    const vorgaenge: OffenerVorgang[] = zuBerechnen.map((t) => {
      const d = daten.get(t.id)!;
      zeitraeume.set(neueVersionen.get(t.id) ?? t.id, d.leistung);
      return {
        id: neueVersionen.get(t.id) ?? t.id,
        benutzer_id: t.benutzer_id,
        benutzer_name: d.benutzer_name,
        brutto: eurosToCents(t.betrag ?? 0),
        satz: d.satz,
        titel: t.titel,
        teilnehmer: t.teilnehmer,
        rw_vorlage_id: d.rw_vorlage_id,
        rw_kreis_id: d.rw_kreis_id,
      };
    });
    const optionen = await zahlungswege(tx, objekt, vorgaenge);
    const { entwuerfe, mitglieder, fehler } = rechnungsentwuerfe(vorgaenge, optionen.typen);
    const neu = entwuerfe.map((entwurf) => {
      const option = optionen.zeilen.get(entwurf.benutzer_id)!;
      const inhalt: Rechnungsinhalt = {
        ...rechnungsinhalt(entwurf.positionen, entwurf.summen),
        empfaenger: empfaenger(
          option,
          vorgaenge.find((v) => v.benutzer_id === entwurf.benutzer_id),
        ),
        bezahlung: bezahlung(option),
        e_rechnung: istGeschaeftskunde({
          firma: option.firma ?? null,
          e_rechnung: option.e_rechnung ?? false,
        }),
        leistungszeitraum: gesamtzeitraum(entwurf.positionen.map((p) => zeitraeume.get(p.vorgang_id))),
      };
      return rechnungswerte(nummern, datum, {
        rw_kreis_id: entwurf.rw_kreis_id,
        benutzer_id: entwurf.benutzer_id,
        category: objekt.category,
        [objekt.feld]: objekt.id,
        bezahloption_typ: entwurf.bezahloption.typ,
        rw_vorlage_id: entwurf.rw_vorlage_id,
        summen: entwurf.summen,
        inhalt,
      });
    });
    const rechnungen = await this.stelleAus(tx, actor, 'invoice-run', neu, (i) =>
      melde(i, entwuerfe.length, 'Rechnungen werden ausgestellt'),
    );
    /** Each invoiced transaction's invoice, written for all of them in one statement. */
    const zuordnung = new Map<number, number>();
    for (const [i, entwurf] of entwuerfe.entries())
      for (const p of entwurf.positionen) zuordnung.set(p.vorgang_id, rechnungen[i]);
    await tx.aufRechnungenSetzen(zuordnung);
    await nummern.schreiben();
    return {
      all: mitglieder,
      created: entwuerfe.length,
      storno: zuStornieren.length,
      fehler,
      ausgestellt: [...stornos, ...rechnungen],
      rechnungen,
    };
  }

  /**
   * `DELETE …/rw-rechnung/{id}/modifyAll?copy=true`: cancels the invoice at once — a storno invoice
   * and its transactions cancelled — and, with `copy`, re-opens copies of them (new versions) for
   * a corrected run. One database transaction; `datum` is the storno's date of issue (the demo data
   * cancels in the past, at the dates it plays through).
   */
  async storniereRechnung(
    id: number,
    kopieren: boolean,
    actor: Actor | null,
    { datum = this.uhr.jetzt(), archivieren = true }: Ausstellung = {},
  ): Promise<Stornoergebnis> {
    const ergebnis = await this.speicher.transaktion(
      (tx) => this.storniereIn(tx, id, kopieren, actor, datum),
      READ_COMMITTED,
    );
    // A storno whose PDF fails to render stays without original; its first download shows why.
    if (archivieren) await this.dokument.archivieren([ergebnis.storno]);
    return ergebnis;
  }

  /**
   * The storno of invoice `id` inside the caller's transaction (which should read committed, as
   * `storniereRechnung`'s does; Buchungsstapel); archiving the storno's original is the caller's.
   */
  async storniereIn(
    tx: BillingTx,
    id: number,
    kopieren: boolean,
    actor: Actor | null,
    datum: Date,
  ): Promise<Stornoergebnis> {
    const rechnung = await tx.rechnungGesperrt(id);
    if (!rechnung) throw DomainError.notFound('NOT_FOUND', `Rechnung ${id} wurde nicht gefunden.`);
    pruefeStornierbar(rechnung);
    const vorgaenge = await tx.vorgaengeAufRechnungenGesperrt([id]);
    const nummern = await this.nummern.sperren(
      tx,
      rechnung.rw_kreis_id == null ? [] : [rechnung.rw_kreis_id],
    );
    const storno = await this.storniere(tx, nummern, rechnung, datum, actor);
    await nummern.schreiben();
    const kopien: number[] = [];
    for (const t of vorgaenge) {
      if (!t.storno) {
        await tx.vorgaengeAendern([t.id], { storno: true });
        await tx.protokolliere({
          actor,
          resource: 'rw-transaction',
          recordId: t.id,
          action: 'storno',
          changes: { storno: { before: false, after: true } },
        });
        // Without a copy the booking ends here: its voucher is given back.
        if (!kopieren)
          await this.ereignisse.melden('buchung.aktiv', buchungAktiv(t, false, actor), tx.transaktion);
      }
      if (kopieren) kopien.push(await wiederEroeffnen(tx, t));
    }
    await this.ereignisse.melden('buchung.geaendert', { ziele: vorgaenge.map(buchungsZiel) }, tx.transaktion);
    return { storno, kopien };
  }

  /**
   * The storno of `rechnung`: negated lines and totals, the next number of the same circle. An
   * invoice whose content cannot be negated exactly is refused, also inside a run.
   */
  private async storniere(
    tx: BillingTx,
    nummern: Nummernblock,
    rechnung: Rechnung,
    datum: Date,
    actor: Actor | null,
  ): Promise<number> {
    pruefeExaktStornierbar(rechnung);
    const original = (rechnung.data ?? {}) as Rechnungsinhalt;
    const { inhalt, summen } = stornoInhalt({
      positionen: original.positionen ?? [],
      steuern: original.steuern ?? [],
    });
    // Issue 28: what was not received is netted off, only what was received is refunded.
    const ztx = this.zahlungen.in(tx.transaktion);
    const zahlungen = (await ztx.zahlungen([rechnung.id])).map(alsBetrag);
    const ausgleich = stornoAusgleich(eurosToCents(Number(rechnung.betrag ?? 0)), zahlungen);
    const [stornoId] = await this.stelleAus(tx, actor, 'storno', [
      rechnungswerte(nummern, datum, {
        rw_kreis_id: rechnung.rw_kreis_id,
        benutzer_id: rechnung.benutzer_id,
        category: rechnung.category,
        veranstaltung_id: rechnung.veranstaltung_id,
        wb_abo_id: rechnung.wb_abo_id,
        wb_bundle_id: rechnung.wb_bundle_id,
        warenkorb_id: rechnung.warenkorb_id,
        bezahloption_typ: rechnung.bezahloption_typ,
        rw_vorlage_id: rechnung.rw_vorlage_id,
        storno_parent_id: rechnung.id,
        summen,
        inhalt: {
          ...original,
          ...inhalt,
          storno_zu: rechnung.rechnungs_nr,
          // The credit note names the cancelled invoice's date too (EN 16931 BT-26).
          storno_zu_datum: original.datum ?? rechnung.createdAt.toISOString(),
          ausgleich,
          bezahlung: { ...bezahlungDer(rechnung), konto: await erstattungskonto(tx, rechnung) },
        },
      }),
    ]);
    const vorher = rechnung.storno_id ?? null;
    await tx.rechnungenAendern([rechnung.id], { storno_id: stornoId });
    // Issue 29: the cancelled invoice's own trail names its storno, as it names its payments.
    await tx.protokolliere({
      actor,
      resource: 'rw-rechnung',
      recordId: rechnung.id,
      action: 'storno',
      changes: { storno_id: { before: vorher, after: stornoId } },
    });
    if (ausgleich.verrechnet > 0) {
      await bucheZahlungen(
        tx,
        ztx,
        [
          {
            rechnung: rechnung.id,
            betrag: ausgleich.verrechnet,
            art: 'verrechnung',
            quelle: 'storno',
            datum: berlinDatum(datum),
          },
        ],
        actor,
      );
      await this.lastschriftZurueckrufen(tx, ztx, rechnung, ausgleich.verrechnet, actor);
    }
    return stornoId;
  }

  /**
   * A netted debit invoice whose summary's debit file was downloaded already may still be
   * collected: the summary says so, for staff to recall it at the bank.
   */
  private async lastschriftZurueckrufen(
    tx: BillingTx,
    ztx: ZahlungsTx,
    rechnung: Rechnung,
    betrag: Cents,
    actor: Actor | null,
  ): Promise<void> {
    const id = rechnung.rw_abrechnung_id;
    if (rechnung.bezahloption_typ !== 'debit' || id == null || !(await ztx.lastschriftHeruntergeladen(id)))
      return;
    const abrechnung = await tx.abrechnung(id);
    if (!abrechnung) return;
    const hinweise = Array.isArray(abrechnung.data?.hinweise) ? (abrechnung.data.hinweise as string[]) : [];
    const data = {
      ...abrechnung.data,
      hinweise: [
        ...hinweise,
        `Rechnung ${rechnung.rechnungs_nr} wurde storniert, steht aber in der bereits heruntergeladenen ` +
          `SEPA-Lastschrift (${formatEuro(betrag)}): bitte den Einzug bei der Bank zurückrufen.`,
      ],
    };
    await abrechnungsdatenAendern(tx, abrechnung, data, actor);
  }

  /** Issues the invoices (or the storno) `werte` in their order with their audit entries; answers their ids. */
  private async stelleAus(
    tx: BillingTx,
    actor: Actor | null,
    action: 'invoice-run' | 'storno',
    werte: NeueRechnung[],
    melde: (ausgestellt: number) => Promise<void> = async () => {},
  ): Promise<number[]> {
    const ids = await tx.rechnungenAnlegen(werte);
    for (const [i, id] of ids.entries()) {
      await tx.protokolliere({
        actor,
        resource: 'rw-rechnung',
        recordId: id,
        action,
        changes: auditChanges(null, werte[i]),
      });
      await melde(i + 1);
    }
    return ids;
  }
}

/** An invoice's row: its number taken from its circle (one of the block's), its amounts, its content. */
function rechnungswerte(
  nummern: Nummernblock,
  datum: Date,
  r: Rechnungsfelder & { summen: Rechnungssummen; inhalt: Rechnungsinhalt },
): NeueRechnung {
  if (r.rw_kreis_id == null) {
    throw DomainError.conflict('KREIS_FEHLT', 'Die Rechnung hat keinen Rechnungs-Kreis.');
  }
  const { summen, inhalt, ...felder } = r;
  return {
    ...felder,
    zahlstatus: zahlstatus(summen.brutto, []),
    rechnungs_nr: nummern.naechste(r.rw_kreis_id, datum),
    betrag: centsToEuros(summen.brutto),
    netto: centsToEuros(summen.netto),
    mwst: centsToEuros(summen.mwst),
    data: { ...inhalt, datum: datum.toISOString() } as Record<string, unknown>,
    // Its date of issue, which the lists, the DATEV months and the GoBD export go by: the same
    // moment for a run now, the run's date for the demo data's runs in the past.
    createdAt: datum,
  };
}

/**
 * Per transaction: the member's name, the VAT rate and the invoice template (domain/steuerquellen.ts)
 * and the circle of that template; a template without circle stops the run (409).
 */
async function abrechnungsdaten(
  tx: BillingTx,
  vorgaenge: Buchungsvorgang[],
): Promise<Map<number, Abrechnungsdaten>> {
  const daten = new Map<number, Abrechnungsdaten>();
  for (const q of await tx.abrechnungsquellen(vorgaenge.map((t) => t.id))) {
    const regel = steuerregel(q.quellen);
    const kreis = regel.rw_vorlage_id == null ? null : q.kreise.get(regel.rw_vorlage_id);
    if (regel.rw_vorlage_id == null || kreis == null) {
      throw DomainError.conflict(
        'KREIS_FEHLT',
        `Für „${regel.objekt}“ ist keine Rechnungsvorlage mit Rechnungs-Kreis hinterlegt.`,
      );
    }
    daten.set(q.vorgang_id, {
      benutzer_name: q.benutzer_name,
      satz: regel.satz,
      rw_vorlage_id: regel.rw_vorlage_id,
      rw_kreis_id: kreis,
      leistung: q.leistung,
    });
  }
  return daten;
}

/** The members' payment options for the object, by member. */
async function zahlungswege(tx: BillingTx, objekt: KategorieObjekt, vorgaenge: OffenerVorgang[]) {
  const benutzer = [...new Set(vorgaenge.map((v) => v.benutzer_id).filter((id): id is number => id != null))];
  const nachBenutzer = new Map<number, Zahlungsweg>();
  for (const o of await tx.zahlungswege(objekt, benutzer)) nachBenutzer.set(o.benutzer_id, o);
  const typen = new Map<number, Bezahloption>(
    [...nachBenutzer.values()].map((o) => [o.benutzer_id, { id: o.id, typ: o.typ, adresse: o.adresse }]),
  );
  return { zeilen: nachBenutzer, typen };
}

/**
 * A new, open version of an invoiced transaction (same booking, same verification), so that a
 * corrected run invoices it again; the old version stays on the cancelled invoice as history.
 */
async function wiederEroeffnen(tx: BillingTx, t: Buchungsvorgang): Promise<number> {
  const neueId = await tx.vorgangEinfuegen(neueVersion({ ...t }, { verifiziert: t.verifiziert }));
  await tx.vorgaengeAendern([t.id], { child_id: neueId });
  return neueId;
}

/** Where a storno's refund goes: the refund account of the invoice's payment option, else the one it was issued with. */
async function erstattungskonto(tx: BillingTx, rechnung: Rechnung): Promise<Konto | null> {
  const issued = bezahlungDer(rechnung)?.konto ?? null;
  if (rechnung.category == null || rechnung.benutzer_id == null) return issued;
  const feld = KATEGORIE_ID_FELD[rechnung.category];
  const id = rechnung[feld];
  if (id == null) return issued;
  const [option] = await tx.zahlungswege({ category: rechnung.category, feld, id }, [rechnung.benutzer_id]);
  return option?.erstattungskonto ?? issued;
}

const bezahlungDer = (rechnung: Rechnung) =>
  (rechnung.data as { bezahlung?: { typ: string | null; konto: Konto | null } } | null)?.bezahlung;

/**
 * The recipient as issued: the member's name and firma, the address and Leitweg-ID of the payment
 * option, and whether it is a business that gets an e-invoice (issue 29).
 */
function empfaenger(option: Zahlungsweg, vorgang: OffenerVorgang | undefined) {
  return {
    name: vorgang?.benutzer_name ?? null,
    firma: option.firma ?? null,
    leitweg_id: option.leitweg_id ?? null,
    adresse: option.adresse,
  };
}

/** How the invoice is paid, as issued: type and the account (with SEPA mandate) of the payment option. */
function bezahlung(option: Zahlungsweg) {
  return { typ: option.typ, konto: option.konto };
}
