/**
 * Summaries / exports of a category object (spec 002 §3 rw-abrechnung, §7):
 * `POST /node/api/rw-abrechnung` {category, category_id}, the SEPA files of a summary and its
 * invoices by e-mail.
 *
 * "Same response" (spec 002 §7) is read as: the export first runs the invoice run of the object
 * (verified transactions only, unless `only_verified: false`), so that nothing verified is left
 * out, then gathers every invoice of the object not yet in a summary — of this run and of earlier
 * ones — into one new rw-abrechnung, and answers in the run's shape `{all, created, storno}` for
 * the summary (with its `id`, `betrag` and the run's `fehler`, the missing payment options).
 * `data`, in the shape the demo data uses too: betrag (gross sum), all (invoices gathered),
 * created / storno (of them: invoices / storno invoices), sepa_debit / sepa_transfer
 * ({anzahl, betrag} of the SEPA files' payments, null = the SEPA action is disabled,
 * spec 002 §4), rechnungenEmail (invoices mailed, each at most once; 0 until then). Run, summary, invoice links,
 * audit and log row are one database transaction.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import type { SepaFormatConfig } from '../../config/env';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents } from '../../shared/money';
import { kategorieObjekt, type AbrechnungLogArt } from '../domain/kategorie';
import {
  nochZuVersenden,
  versandFehler,
  versandMeldung,
  type Versandbilanz,
} from '../domain/rechnungsversand';
import type { Konto, StornoAusgleich } from '../domain/rechnungsdokument';
import {
  ausfuehrungsdatum,
  einzugsdatum,
  sepaKennungen,
  sepaLastschrift,
  sepaPosten,
  sepaUeberweisung,
  type Auslassung,
  type SepaAdresse,
  type SepaZahlung,
} from '../domain/sepa';
import {
  Abrechnungsspeicher,
  type AbgerechneteRechnung,
  type Abrechnung,
  type BillingTx,
  type Rechnung,
} from './ports/abrechnungsspeicher';
import { Uhr } from './ports/uhr';
import { abrechnungsdatenAendern } from './abrechnungsdaten';
import { EMAIL_VERSENDET, RechnungsDokument } from './rechnungs-dokument';
import { Verbandsangaben } from './verbandsdaten';
import {
  READ_COMMITTED,
  Rechnungslauf,
  type Ausstellung,
  type Laufanfrage,
  type Laufergebnis,
  type Laufkoerper,
} from './rechnungslauf';

export type SepaArt = 'sepaDebit' | 'sepaTransfer';

export interface Exportergebnis extends Laufergebnis {
  id: number;
  betrag: number;
}

/** Count and sum of a SEPA file's payments; null when the summary has none. */
const sepaDaten = (posten: { betrag: number }[]) =>
  posten.length
    ? { anzahl: posten.length, betrag: centsToEuros(Math.abs(posten.reduce((s, r) => s + r.betrag, 0))) }
    : null;

interface Snapshot {
  empfaenger?: { name?: string | null; adresse?: SepaAdresse | null };
  bezahlung?: { konto?: Konto | null };
  datum?: string;
  /** Of a storno invoice: how it is settled (application/rechnungslauf.ts). */
  ausgleich?: StornoAusgleich;
}

const EXPORT_FELDER = ['category', 'category_id', 'only_verified'];

const NICHTS_ZU_EXPORTIEREN = 'Es gibt keine Rechnungen, die noch in keiner Abrechnung enthalten sind.';

/** A SEPA file of a summary, and the invoices it had to leave out (no IBAN, no mandate). */
export interface SepaDownload {
  name: string;
  xml: string;
  ausgelassen: Auslassung[];
}

@Injectable()
export class Abrechnungen {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly lauf: Rechnungslauf,
    private readonly dokument: RechnungsDokument,
    private readonly uhr: Uhr,
    private readonly verband: Verbandsangaben,
    private readonly config: ConfigService,
  ) {}

  /** The export request `{category, category_id, only_verified?}`, checked before the export is queued. */
  exportAnfrage(werte: Laufkoerper): Laufanfrage {
    // Summary fields instead of an export request: the generic create this endpoint stands in for.
    if (Object.keys(werte).some((f) => !EXPORT_FELDER.includes(f))) {
      throw DomainError.conflict(
        'OPERATION_REFUSED',
        'Abrechnungen entstehen beim Export und können nicht über die allgemeine Bearbeitung angelegt werden.',
      );
    }
    return { objekt: kategorieObjekt(werte), nurVerifizierte: werte.only_verified !== false };
  }

  /** `datum`: the date of issue of what the export's run issues. */
  async erstelle(
    anfrage: Laufanfrage,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
    { datum = this.uhr.jetzt(), archivieren = true }: Ausstellung = {},
  ): Promise<Exportergebnis> {
    const { ausgestellt, ...abrechnung } = await this.speicher.transaktion(
      (tx) => this.erstelleIn(tx, anfrage, actor, datum, melde),
      READ_COMMITTED,
    );
    // Committed: the originals of what the export's run issued (as in Rechnungslauf.starte).
    if (!archivieren) return abrechnung;
    const nichtArchiviert = await this.dokument.archivieren(ausgestellt, melde);
    return { ...abrechnung, fehler: [...abrechnung.fehler, ...nichtArchiviert] };
  }

  /**
   * The export inside the caller's transaction (which should read committed, as `erstelle`'s
   * does; Buchungsstapel): the object's run, then the summary of its invoices not yet in one.
   * Answers the ids of what the run issued besides, to archive once committed.
   */
  async erstelleIn(
    tx: BillingTx,
    { objekt, nurVerifizierte }: Laufanfrage,
    actor: Actor | null,
    datum: Date,
    melde: Melder = ohneFortschritt,
  ): Promise<Exportergebnis & { ausgestellt: number[] }> {
    const lauf = await this.lauf.laufe(tx, objekt, nurVerifizierte, datum, actor, melde);
    await melde(0, 0, 'Die Abrechnung wird zusammengestellt');
    const offen = await tx.nichtAbgerechneteRechnungenGesperrt(objekt);
    if (offen.length === 0) {
      // Nothing gathered means the run issued nothing either: the transaction writes nothing.
      throw DomainError.conflict('NICHTS_ZU_EXPORTIEREN', [NICHTS_ZU_EXPORTIEREN, ...lauf.fehler].join(' '));
    }
    const { lastschriften, erstattungen } = await sepaAuswahl(tx, offen);
    const betrag = offen.reduce((s, r) => s + eurosToCents(Number(r.betrag ?? 0)), 0);
    const stornos = offen.filter((r) => r.storno_parent_id != null).length;
    const ergebnis = { all: offen.length, created: offen.length - stornos, storno: stornos };
    const werte = {
      category: objekt.category,
      [objekt.feld]: objekt.id,
      data: {
        betrag: centsToEuros(betrag),
        ...ergebnis,
        sepa_debit: sepaDaten(lastschriften),
        sepa_transfer: sepaDaten(erstattungen),
        rechnungenEmail: 0,
      },
    };
    const id = await tx.abrechnungAnlegen(werte);
    await tx.protokolliere({
      actor,
      resource: 'rw-abrechnung',
      recordId: id,
      action: 'create',
      changes: auditChanges(null, werte),
    });
    await tx.rechnungenAendern(
      offen.map((r) => r.id),
      { rw_abrechnung_id: id },
    );
    for (const [i, r] of offen.entries()) {
      await tx.protokolliere({
        actor,
        resource: 'rw-rechnung',
        recordId: r.id,
        action: 'update',
        changes: { rw_abrechnung_id: { before: null, after: id } },
      });
      await melde(i + 1, offen.length, 'Rechnungen werden der Abrechnung zugeordnet');
    }
    await protokolliere(tx, id, 'create', actor);
    return {
      ...ergebnis,
      fehler: lauf.fehler,
      id,
      betrag: centsToEuros(betrag),
      ausgestellt: lauf.ausgestellt,
    };
  }

  /**
   * The pain.008 (debits) or pain.001 (refunds) file of summary `id`, in the version SEPA_FORMAT
   * names; its ids are the summary's on every download. Each download is logged.
   */
  async sepa(id: number, art: SepaArt, actor: Actor | null): Promise<SepaDownload> {
    const glaeubiger = await this.verband.glaeubiger();
    if (!glaeubiger) {
      throw DomainError.conflict(
        'SEPA_NICHT_EINGERICHTET',
        'SEPA ist nicht eingerichtet: in den Verbandsdaten fehlen Name, IBAN oder Gläubiger-ID.',
      );
    }
    const version = this.config.get<SepaFormatConfig>('sepaFormat')?.version;
    const abrechnung = await this.laden(id);
    const { lastschriften, erstattungen } = await sepaAuswahl(
      this.speicher.lesen(),
      await this.speicher.lesen().rechnungenDerAbrechnung(id),
    );
    const jetzt = this.uhr.jetzt();
    let datei: Omit<SepaDownload, 'name'>;
    let name: string;
    if (art === 'sepaDebit') {
      const zahlungen = lastschriften.map((r) => zahlung(r.rechnung, r.betrag, kontoDer(r.rechnung)));
      const ausgestellt = lastschriften.map(
        (r) => snapshot(r.rechnung).datum ?? r.rechnung.createdAt.toISOString(),
      );
      datei = sepaLastschrift(
        {
          ...sepaKennungen(abrechnung, 'LS'),
          erstellt: jetzt,
          ausfuehrung: einzugsdatum(ausgestellt, jetzt),
          glaeubiger,
          zahlungen,
        },
        version,
      );
      name = `SEPA-Lastschrift-Abrechnung-${abrechnung.id}.xml`;
    } else {
      const zahlungen = erstattungen.map((r) => {
        // The refund account chosen on the cancelled invoice, else the account it was issued with.
        const konto = r.rechnung.storno_konto ?? kontoDer(r.rechnung);
        return zahlung(r.rechnung, -r.betrag, konto);
      });
      datei = sepaUeberweisung(
        {
          ...sepaKennungen(abrechnung, 'UE'),
          erstellt: jetzt,
          ausfuehrung: ausfuehrungsdatum(jetzt),
          glaeubiger,
          zahlungen,
        },
        version,
      );
      name = `SEPA-Ueberweisung-Abrechnung-${abrechnung.id}.xml`;
    }
    await protokolliere(this.speicher.lesen(), abrechnung.id, art, actor);
    return { name, xml: datei.xml, ausgelassen: datei.ausgelassen };
  }

  /** Refuses an unknown summary before the mailing is queued. */
  async pruefeRechnungenEmail(id: number): Promise<void> {
    await this.laden(id);
  }

  /**
   * The summary's invoices to their members through the single-invoice path
   * (RechnungsDokument.email), each at most once (issue 28): an invoice is claimed by one guarded
   * write before its mail goes out, so a second click — or a second run at the same time — skips
   * it; a mail that could not be sent gives its claim back. data.rechnungenEmail counts the
   * invoices mailed so far. Invoices that could not be sent are named in a 409 after the others went.
   */
  async rechnungenEmail(
    id: number,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<{ message: string; versendet: number; bereits: number }> {
    const abrechnung = await this.laden(id);
    const rechnungen = await this.speicher.lesen().rechnungenDerAbrechnung(id);
    const offen = nochZuVersenden(rechnungen);
    const bilanz: Versandbilanz = { versendet: 0, bereits: rechnungen.length - offen.length, fehler: [] };
    for (const [i, r] of offen.entries()) {
      const meins = await this.speicher.transaktion((tx) =>
        tx.rechnungEmailBeanspruchen(r.id, this.uhr.jetzt()),
      );
      if (!meins) bilanz.bereits += 1;
      else {
        try {
          await this.dokument.email(r.id);
          bilanz.versendet += 1;
        } catch (error) {
          await this.speicher.transaktion((tx) => tx.rechnungEmailFreigeben(r.id));
          if (!(error instanceof DomainError)) throw error;
          bilanz.fehler.push(`${r.rechnungs_nr}: ${error.message}`);
        }
      }
      // Also yields between two documents: each PDF is rendered on the event loop.
      await melde(i + 1, offen.length, 'Rechnungen werden versendet');
    }
    if (bilanz.versendet > 0) {
      await this.speicher.transaktion(async (tx) => {
        const data = { ...abrechnung.data, rechnungenEmail: bilanz.versendet + bilanz.bereits };
        await abrechnungsdatenAendern(tx, abrechnung, data, actor);
        await protokolliere(tx, id, 'rechnungenEmail', actor);
      });
    }
    if (bilanz.fehler.length > 0) throw DomainError.conflict('EMAIL_FEHLER', versandFehler(bilanz));
    return {
      message: versandMeldung(bilanz, EMAIL_VERSENDET),
      versendet: bilanz.versendet,
      bereits: bilanz.bereits,
    };
  }

  private async laden(id: number): Promise<Abrechnung> {
    const abrechnung = await this.speicher.lesen().abrechnung(id);
    if (!abrechnung) throw DomainError.notFound('NOT_FOUND', `Abrechnung ${id} wurde nicht gefunden.`);
    return abrechnung;
  }
}

/** The summary's log row (rw-abrechnung-log): what was done with it, by whom. */
const protokolliere = (tx: BillingTx, id: number, type: AbrechnungLogArt, actor: Actor | null) =>
  tx.abrechnungProtokollieren(id, type, actor?.name ?? null);

const snapshot = (r: Rechnung) => (r.data ?? {}) as Snapshot;

function alsSepaRechnung<R extends Rechnung>(r: R, verrechnet: number) {
  const ausgleich = snapshot(r).ausgleich;
  return {
    id: r.id,
    betrag: eurosToCents(Number(r.betrag ?? 0)),
    bezahloption_typ: r.bezahloption_typ,
    storno_id: r.storno_id,
    storno_parent_id: r.storno_parent_id,
    verrechnet: eurosToCents(verrechnet),
    erstattung: ausgleich ? ausgleich.erstattung : null,
    rechnung: r,
  };
}

/**
 * The debits and refunds of a summary's SEPA files (also what a bank statement's batch entry
 * settles); `ohneVerrechnung`: as if no storno had netted a debit off (the file as downloaded before).
 */
export async function sepaAuswahl<R extends Rechnung>(
  tx: BillingTx,
  rechnungen: readonly R[],
  ohneVerrechnung = false,
) {
  const verrechnet = ohneVerrechnung
    ? new Map<number, number>()
    : await tx.verrechnet(rechnungen.map((r) => r.id));
  return sepaPosten(rechnungen.map((r) => alsSepaRechnung(r, verrechnet.get(r.id) ?? 0)));
}

/** The account and mandate the invoice was issued with: the source of its pre-notification. */
const kontoDer = (r: Rechnung): Konto | null => snapshot(r).bezahlung?.konto ?? null;

function zahlung(r: AbgerechneteRechnung, betrag: number, konto: Konto | null): SepaZahlung {
  const name = snapshot(r).empfaenger?.name ?? r.benutzer_name ?? `Mitglied ${r.benutzer_id}`;
  const art = r.storno_parent_id != null ? 'Erstattung Stornorechnung' : 'Rechnung';
  return {
    name,
    referenz: r.rechnungs_nr,
    betrag,
    inhaber: konto?.inhaber ?? null,
    iban: konto?.iban ?? null,
    bic: konto?.bic ?? null,
    verwendungszweck: `${art} ${r.rechnungs_nr}`,
    mandat: konto?.sepa_referenz ?? null,
    mandatsdatum: konto?.sepa_datum ?? null,
    adresse: snapshot(r).empfaenger?.adresse ?? null,
  };
}
