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
 * spec 002 §4), rechnungenEmail (invoices mailed; 0 until then). Run, summary, invoice links,
 * audit and log row are one database transaction.
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import type { SepaConfig } from '../../config/env';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents } from '../../shared/money';
import { RwAbrechnung, RwAbrechnungLog } from '../adapters/persistence/rw-abrechnung.entity';
import { RwRechnung } from '../adapters/persistence/rw-rechnung.entity';
import { kategorieObjekt } from '../domain/kategorie';
import type { Konto } from '../domain/rechnungsdokument';
import {
  einzugsdatum,
  sepaLastschrift,
  sepaPosten,
  sepaUeberweisung,
  type SepaZahlung,
} from '../domain/sepa';
import { gesperrteZeilen } from './nummernvergabe';
import { EMAIL_VERSENDET, RechnungsDokument } from './rechnungs-dokument';
import { Rechnungslauf, type Laufanfrage, type Laufergebnis } from './rechnungslauf';

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
  empfaenger?: { name?: string | null };
  bezahlung?: { konto?: Konto | null };
  datum?: string;
}

const EXPORT_FELDER = ['category', 'category_id', 'only_verified'];

const NICHTS_ZU_EXPORTIEREN = 'Es gibt keine Rechnungen, die noch in keiner Abrechnung enthalten sind.';

/** YYYY-MM-DD in Berlin. */
const berlinerDatum = (datum: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(datum);
const TAG = 86_400_000;

@Injectable()
export class Abrechnungen {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lauf: Rechnungslauf,
    private readonly dokument: RechnungsDokument,
    private readonly audit: AuditTrail,
    private readonly config: ConfigService,
  ) {}

  /** The export request `{category, category_id, only_verified?}`, checked before the export is queued. */
  exportAnfrage(body: unknown): Laufanfrage {
    // Summary fields instead of an export request: the generic create this endpoint stands in for.
    if (
      Object.keys(typeof body === 'object' && body !== null ? body : {}).some(
        (f) => !EXPORT_FELDER.includes(f),
      )
    ) {
      throw DomainError.conflict(
        'OPERATION_REFUSED',
        'Abrechnungen entstehen beim Export und können nicht über die allgemeine Bearbeitung angelegt werden.',
      );
    }
    return {
      objekt: kategorieObjekt(body),
      nurVerifizierte: (body as { only_verified?: unknown }).only_verified !== false,
    };
  }

  async erstelle(
    { objekt, nurVerifizierte }: Laufanfrage,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<Exportergebnis> {
    return this.lauf.transaktion(async (manager) => {
      const lauf = await this.lauf.laufe(manager, objekt, nurVerifizierte, new Date(), actor, melde);
      await melde(0, 0, 'Die Abrechnung wird zusammengestellt');
      const offen = await gesperrteZeilen(
        manager,
        manager
          .createQueryBuilder(RwRechnung, 'r')
          .where('r.category = :category', { category: objekt.category })
          .andWhere(`r.${objekt.feld} = :id`, { id: objekt.id })
          .andWhere('r.rw_abrechnung_id IS NULL')
          .orderBy('r.id', 'ASC'),
      );
      if (offen.length === 0) {
        // Nothing gathered means the run issued nothing either: the transaction writes nothing.
        throw DomainError.conflict(
          'NICHTS_ZU_EXPORTIEREN',
          [NICHTS_ZU_EXPORTIEREN, ...lauf.fehler].join(' '),
        );
      }
      const cents = offen.map(alsSepaRechnung);
      const { lastschriften, erstattungen } = sepaPosten(cents);
      const betrag = cents.reduce((s, r) => s + r.betrag, 0);
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
      const { id } = await manager.save(manager.create(RwAbrechnung, werte));
      await this.audit.record(manager, {
        actor,
        resource: 'rw-abrechnung',
        recordId: id,
        action: 'create',
        changes: auditChanges(null, werte),
      });
      await manager.update(RwRechnung, { id: In(offen.map((r) => r.id)) }, { rw_abrechnung_id: id });
      for (const [i, r] of offen.entries()) {
        await this.audit.record(manager, {
          actor,
          resource: 'rw-rechnung',
          recordId: r.id,
          action: 'update',
          changes: { rw_abrechnung_id: { before: null, after: id } },
        });
        await melde(i + 1, offen.length, 'Rechnungen werden der Abrechnung zugeordnet');
      }
      await this.protokolliere(manager, id, 'create', actor);
      return { ...ergebnis, fehler: lauf.fehler, id, betrag: centsToEuros(betrag) };
    });
  }

  /** The pain.008 (debits) or pain.001 (refunds) file of summary `id`; each download is logged. */
  async sepa(id: number, art: SepaArt, actor: Actor | null): Promise<{ name: string; xml: string }> {
    const glaeubiger = this.config.get<SepaConfig>('sepa')?.creditor;
    if (!glaeubiger) {
      throw DomainError.conflict(
        'SEPA_NICHT_EINGERICHTET',
        'SEPA ist nicht eingerichtet: SEPA_CREDITOR_ID, SEPA_CREDITOR_NAME und SEPA_CREDITOR_IBAN fehlen in der Konfiguration.',
      );
    }
    const abrechnung = await this.laden(id);
    const rechnungen = await this.dataSource.getRepository(RwRechnung).find({
      where: { rw_abrechnung_id: id },
      relations: { Benutzer: true, Storno_Parent: { Storno_Benutzer_Konto: true } },
      order: { id: 'ASC' },
    });
    const { lastschriften, erstattungen } = sepaPosten(rechnungen.map(alsSepaRechnung));
    const jetzt = new Date();
    const morgen = berlinerDatum(new Date(jetzt.getTime() + TAG));
    const stempel = berlinerDatum(jetzt).replace(/-/g, '');
    let xml: string;
    let name: string;
    if (art === 'sepaDebit') {
      const zahlungen = lastschriften.map((r) => zahlung(r.rechnung, r.betrag, kontoDer(r.rechnung)));
      const ausgestellt = lastschriften.map(
        (r) => snapshot(r.rechnung).datum ?? r.rechnung.createdAt.toISOString(),
      );
      xml = sepaLastschrift({
        nachrichtId: `ABR-${abrechnung.id}-LS-${stempel}`,
        erstellt: jetzt,
        ausfuehrung: einzugsdatum(ausgestellt, jetzt),
        glaeubiger,
        zahlungen,
      });
      name = `SEPA-Lastschrift-Abrechnung-${abrechnung.id}.xml`;
    } else {
      const zahlungen = erstattungen.map((r) => {
        const parent = r.rechnung.Storno_Parent;
        // The refund account chosen on the cancelled invoice, else the account it was issued with.
        const konto = parent?.Storno_Benutzer_Konto ?? kontoDer(r.rechnung);
        return zahlung(r.rechnung, -r.betrag, konto);
      });
      xml = sepaUeberweisung({
        nachrichtId: `ABR-${abrechnung.id}-UE-${stempel}`,
        erstellt: jetzt,
        ausfuehrung: morgen,
        glaeubiger,
        zahlungen,
      });
      name = `SEPA-Ueberweisung-Abrechnung-${abrechnung.id}.xml`;
    }
    await this.protokolliere(this.dataSource.manager, abrechnung.id, art, actor);
    return { name, xml };
  }

  /**
   * Every invoice of the summary to its member through the single-invoice path
   * (RechnungsDokument.email); data.rechnungenEmail counts the invoices that went.
   * Invoices that could not be sent are named in a 409 after the others went out.
   */
  /** Refuses an unknown summary before the mailing is queued. */
  async pruefeRechnungenEmail(id: number): Promise<void> {
    await this.laden(id);
  }

  async rechnungenEmail(
    id: number,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<{ message: string; versendet: number }> {
    const abrechnung = await this.laden(id);
    const rechnungen = await this.dataSource.getRepository(RwRechnung).find({
      select: { id: true, rechnungs_nr: true },
      where: { rw_abrechnung_id: id },
      order: { id: 'ASC' },
    });
    const fehler: string[] = [];
    let versendet = 0;
    for (const [i, r] of rechnungen.entries()) {
      try {
        await this.dokument.email(r.id);
        versendet += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        fehler.push(`${r.rechnungs_nr}: ${error.message}`);
      }
      // Also yields between two documents: each PDF is rendered on the event loop.
      await melde(i + 1, rechnungen.length, 'Rechnungen werden versendet');
    }
    if (versendet > 0) {
      await this.dataSource.transaction(async (manager) => {
        const data = { ...abrechnung.data, rechnungenEmail: versendet };
        await manager.update(RwAbrechnung, id, { data });
        await this.audit.record(manager, {
          actor,
          resource: 'rw-abrechnung',
          recordId: id,
          action: 'update',
          changes: auditChanges({ data: abrechnung.data }, { data }),
        });
        await this.protokolliere(manager, id, 'rechnungenEmail', actor);
      });
    }
    if (fehler.length > 0) {
      throw DomainError.conflict(
        'EMAIL_FEHLER',
        `${versendet} von ${rechnungen.length} Rechnungen versendet; nicht versendet: ${fehler.join(' ')}`,
      );
    }
    return { message: EMAIL_VERSENDET, versendet };
  }

  private async laden(id: number): Promise<RwAbrechnung> {
    const abrechnung = await this.dataSource.getRepository(RwAbrechnung).findOne({ where: { id } });
    if (!abrechnung) throw DomainError.notFound('NOT_FOUND', `Abrechnung ${id} wurde nicht gefunden.`);
    return abrechnung;
  }

  private protokolliere(manager: EntityManager, id: number, type: string, actor: Actor | null) {
    return manager.insert(RwAbrechnungLog, { rw_abrechnung_id: id, type, admin_name: actor?.name ?? null });
  }
}

const snapshot = (r: RwRechnung) => (r.data ?? {}) as Snapshot;

function alsSepaRechnung(r: RwRechnung) {
  return {
    id: r.id,
    betrag: eurosToCents(Number(r.betrag ?? 0)),
    bezahloption_typ: r.bezahloption_typ,
    storno_id: r.storno_id,
    storno_parent_id: r.storno_parent_id,
    rechnung: r,
  };
}

/** The account and mandate the invoice was issued with: the source of its pre-notification. */
const kontoDer = (r: RwRechnung): Konto | null => snapshot(r).bezahlung?.konto ?? null;

function zahlung(r: RwRechnung, betrag: number, konto: Konto | null): SepaZahlung {
  const name = snapshot(r).empfaenger?.name ?? r.Benutzer?.anzeigename ?? `Mitglied ${r.benutzer_id}`;
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
  };
}
