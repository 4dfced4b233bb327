/**
 * Sending newsletters (issue 15): a dispatcher is planned for a versand_time; at that time its
 * recipients (the newsletter window's computation, empfaenger.ts) become newsletter-versand rows,
 * and send jobs claim rows, render each mail as the preview does and deliver it through the mail
 * port. Claiming is one write guarded by the claimable state (domain/versand.ts, done by the
 * VersandSpeicher port), so however many send jobs and worker processes run, a row is sent by one
 * of them only.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { berlinWandzeit } from '../../../common/kalender';
import { NICHT_GESPEICHERT } from '../../../common/newsletter';
import type { NewsletterConfig } from '../../config/env';
import { MitgliederAuskunft, type Anschreiben } from '../../membership/application/ports/mitglieder-auskunft';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { MailDeliveryError, Mailer } from '../../platform/mail/mailer';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { ResourceWriter } from '../../platform/resources/resource-writer';
import { DomainError } from '../../shared/domain-error';
import { GroupCommit } from '../../shared/group-commit';
import {
  fehlerfolge,
  sendetakt,
  type Fehlerfolge,
  type Sendetakt,
  VERSAND_STATUS,
  versandMessageId,
} from '../domain/versand';
import { NewsletterEmpfaenger, newsletterFehlt } from './empfaenger';
import { NewsletterBestand } from './ports/newsletter-bestand';
import { VersandSpeicher, type VersandDispatcher, type VersandZeile } from './ports/versand-speicher';
import { NewsletterLinks } from './tracking';
import { NewsletterVorschau, type GerenderterNewsletter } from './vorschau';

const DISPATCHER = 'newsletter-dispatcher';
/**
 * What the send jobs are asked to do; the job adapter (adapters/jobs) puts it on the queue. `senden`
 * starts send jobs at `ab`; each sends one batch and asks for the next while rows are due.
 */
export abstract class VersandAuftraege {
  abstract planen(dispatcherId: number, versandTime: Date): Promise<void>;
  abstract senden(dispatcherId: number, ab?: Date): Promise<void>;
}

export interface Versandfortschritt {
  total: number;
  sent: number;
  failed: number;
  offen: number;
}

/** What became of recorded rows: sent, or failed for good. */
type Erfasst = { versendet: number; fehlgeschlagen: number };

/** One batch of a send job: whether more may be waiting, and what became of this batch's rows. */
export type Sendeschritt = Erfasst & { weiter: boolean };
const FERTIG: Sendeschritt = { weiter: false, versendet: 0, fehlgeschlagen: 0 };

/** What a send attempt led to: delivered (`folge` null), failed for good, or to be retried. */
type Zustellung =
  { row: VersandZeile; folge: null } | { row: VersandZeile; folge: Fehlerfolge; fehler: string };

/** How long a prepared newsletter serves the batches of its dispatch in one process. */
const VORBEREITET_MS = 60_000;

const fehlerText = (error: unknown) => (error instanceof Error ? error.message : String(error));

@Injectable()
export class NewsletterVersender {
  private readonly logger = new Logger('Newsletterversand');
  private readonly retryMs: number;
  private readonly claimTimeoutMs: number;
  /** Batch size and pace of the send jobs, from the SMTP pool and NEWSLETTER_RATE. */
  readonly takt: Sendetakt;
  private readonly vorbereitet = new Map<number, { newsletter: GerenderterNewsletter; bis: number }>();

  constructor(
    private readonly speicher: VersandSpeicher,
    private readonly bestand: NewsletterBestand,
    private readonly mitglieder: MitgliederAuskunft,
    private readonly empfaenger: NewsletterEmpfaenger,
    private readonly vorschau: NewsletterVorschau,
    private readonly mailer: Mailer,
    private readonly auftraege: VersandAuftraege,
    private readonly links: NewsletterLinks,
    private readonly registry: ResourceRegistry,
    private readonly writer: ResourceWriter,
    private readonly audit: AuditTrail,
    config: ConfigService,
  ) {
    const einstellungen = config.get<NewsletterConfig>('newsletter');
    this.retryMs = einstellungen?.retryMs ?? 60_000;
    this.claimTimeoutMs = einstellungen?.claimTimeoutMs ?? 10 * 60_000;
    this.takt = sendetakt(mailer.verbindungen, einstellungen?.ratePerSecond);
  }

  /**
   * `POST /node/api/newsletter-dispatcher` {newsletter_id, versand_time, …}: stored as the generic
   * API stores it (checked, audited), then planned. Without a time it stays unplanned (the window
   * always sends one: the manual date and time, or now).
   */
  async anlegen(body: unknown, actor: Actor | null): Promise<Row> {
    const werte = (typeof body === 'object' && body !== null ? body : {}) as Row;
    const newsletterId = Number(werte.newsletter_id);
    if (werte.newsletter_id == null || !Number.isSafeInteger(newsletterId) || newsletterId <= 0)
      throw DomainError.invalid('NEWSLETTER_NICHT_GESPEICHERT', NICHT_GESPEICHERT);
    let versandTime: Date | null = null;
    if (werte.versand_time != null && werte.versand_time !== '') {
      versandTime = new Date(String(werte.versand_time));
      if (Number.isNaN(versandTime.getTime()))
        throw DomainError.fields({ versand_time: 'ist kein gültiger Zeitpunkt' });
    }
    if (!(await this.bestand.vorhanden(newsletterId))) throw newsletterFehlt(newsletterId);
    const dispatcher = await this.writer.create(
      this.registry.get(DISPATCHER),
      { ...werte, newsletter_id: newsletterId, versand_time: versandTime?.toISOString() ?? null },
      actor,
    );
    // After the commit: a job must find the dispatcher it is for.
    if (versandTime) await this.auftraege.planen(Number(dispatcher.id), versandTime);
    return dispatcher;
  }

  /** `DELETE /node/api/newsletter/{id}/delete_dispatcher`: the dispatches of which nothing went out yet. */
  async unversendeteLoeschen(newsletterId: number, actor: Actor | null): Promise<{ deleted: number }> {
    return { deleted: await this.speicher.unversendeteLoeschen(newsletterId, actor) };
  }

  /** The planned dispatches, for the workers to pick up again after a restart. */
  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    return this.speicher.offeneDispatcher();
  }

  /**
   * The planned job at versand_time: the recipients become rows (again idempotent: rows already
   * there stay as they are), then send jobs start.
   */
  async ausfuehren(dispatcherId: number): Promise<void> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher || dispatcher.versendet || !dispatcher.versand_time) return;
    // Moved to a later time since the job was planned.
    if (dispatcher.versand_time.getTime() > Date.now() + 1000)
      return this.auftraege.planen(dispatcherId, dispatcher.versand_time);
    const adressen = await this.empfaenger.adressen(dispatcher.newsletter_id);
    const vorhanden = new Set(
      (await this.speicher.empfaengerVon(dispatcherId)).map((row) => `${row.benutzer_id}|${row.email}`),
    );
    const neu = adressen.filter((a) => !vorhanden.has(`${a.benutzer_id}|${a.email}`));
    await this.speicher.zeilenAnlegen(dispatcherId, dispatcher.newsletter_id, neu);
    await this.fortschritt(dispatcherId);
    await this.auftraege.senden(dispatcherId);
  }

  /**
   * One send job: claims one batch of due rows, sends their mails over the SMTP pool and records
   * the outcome. `weiter` asks the job adapter for the next batch; with nothing left to claim the
   * dispatcher is finished (or planned again for retries). Several of these run at once, in any
   * number of processes; `freigeben` (the first job of a chain) offers rows of dead workers again.
   */
  async senden(dispatcherId: number, freigeben = false): Promise<Sendeschritt> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher || dispatcher.versendet) return FERTIG;
    const newsletter = await this.gerendert(dispatcher);
    if (freigeben) await this.verfalleneFreigeben(dispatcherId);
    const beansprucht = await this.beanspruchen(dispatcherId);
    if (!beansprucht) {
      await this.abschliessen(dispatcherId);
      return FERTIG;
    }
    const { claim, rows } = beansprucht;
    const empfaenger = await this.mitglieder.anschreibenNachIds(
      rows.map((row) => row.benutzer_id).filter((id): id is number => id != null),
    );
    // Each outcome is recorded moments after the SMTP server's answer, so a worker killed
    // mid-batch leaves only the mails still in flight to be sent again.
    const erfassung = new GroupCommit((ergebnisse: Zustellung[]) => this.erfassen(claim, ergebnisse), {
      versendet: 0,
      fehlgeschlagen: 0,
    });
    await Promise.all(
      rows.map(async (row) => erfassung.add(await this.zustellen(dispatcherId, newsletter, row, empfaenger))),
    );
    const erfasst = await erfassung.done();
    await this.zaehlen(dispatcherId, erfasst);
    return { weiter: true, ...erfasst };
  }

  /**
   * The newsletter as its mails are rendered, prepared once per dispatcher and process while it
   * sends (each batch is a job of its own). A broken template stops the whole dispatch: staff see
   * why on the dispatcher.
   */
  private async gerendert(dispatcher: VersandDispatcher) {
    const bekannt = this.vorbereitet.get(dispatcher.id);
    if (bekannt && bekannt.bis > Date.now()) return bekannt.newsletter;
    try {
      const newsletter = await this.vorschau.vorbereiten(dispatcher.newsletter_id);
      for (const [id, eintrag] of this.vorbereitet)
        if (eintrag.bis <= Date.now()) this.vorbereitet.delete(id);
      this.vorbereitet.set(dispatcher.id, { newsletter, bis: Date.now() + VORBEREITET_MS });
      return newsletter;
    } catch (error) {
      await this.speicher.fehlerVermerken(dispatcher.id, fehlerText(error));
      throw error;
    }
  }

  /**
   * Claims up to one batch of due rows for this run: picks due rows, then claims those still
   * claimable in one guarded write; only the rows that write gave this claim are ours. Null when
   * nothing is due.
   */
  private async beanspruchen(dispatcherId: number): Promise<{ claim: string; rows: VersandZeile[] } | null> {
    const jetzt = new Date();
    const kandidaten = await this.speicher.faellige(dispatcherId, jetzt, this.takt.batch);
    if (kandidaten.length === 0) return null;
    const claim = randomUUID();
    const rows = await this.speicher.beanspruchen(dispatcherId, kandidaten, claim, jetzt);
    // Others took all of these: look for more.
    return rows.length ? { claim, rows } : this.beanspruchen(dispatcherId);
  }

  /** Sends the mail of one claimed row; what became of it is recorded with its batch (`erfassen`). */
  private async zustellen(
    dispatcherId: number,
    newsletter: GerenderterNewsletter,
    row: VersandZeile,
    empfaenger: Map<number, Anschreiben>,
  ): Promise<Zustellung> {
    try {
      const anschreiben: Anschreiben = {
        ...(empfaenger.get(row.benutzer_id ?? -1) ?? {
          benutzer_id: row.benutzer_id ?? 0,
          kennnummer: null,
          anzeigename: null,
          ansprache: null,
        }),
        // The address of this row (an e-mail group may name another than the primary one).
        email: row.email,
      };
      const absender = newsletter.absender;
      const links = this.links.fuerVersand(row.id);
      await this.mailer.send({
        from: absender ? `"${absender.name.replace(/"/g, '')}" <${absender.email}>` : undefined,
        replyTo: absender?.reply_to ?? undefined,
        to: row.email,
        subject: newsletter.betreff,
        html: newsletter.html(anschreiben, links),
        headers: links?.headers,
        messageId: versandMessageId(dispatcherId, row, absender?.email),
      });
      return { row, folge: null };
    } catch (error) {
      const folge = fehlerfolge(
        { permanent: error instanceof MailDeliveryError && error.permanent, message: fehlerText(error) },
        row.versuche + 1,
        this.retryMs,
      );
      if (folge.status === VERSAND_STATUS.fehler)
        this.logger.warn(`Dispatcher ${dispatcherId}, Empfänger ${row.id}: ${folge.fehler}`);
      return { row, folge, fehler: fehlerText(error) };
    }
  }

  /**
   * Records outcomes: the sent rows in one write, each failure with its own answer. Counted are
   * the rows that really changed (a row whose claim expired meanwhile belongs to another run and
   * counts there), so that the progress needs no recount per batch.
   */
  private async erfassen(claim: string, ergebnisse: Zustellung[]): Promise<Erfasst> {
    const jetzt = new Date();
    const zugestellt = ergebnisse.filter((e) => e.folge === null).map((e) => e.row.id);
    const { datum, uhrzeit } = berlinWandzeit(jetzt);
    const versendet = await this.speicher.abschliessen(
      claim,
      zugestellt,
      {
        status: VERSAND_STATUS.versendet,
        versandflag: true,
        versanddatum: datum,
        versanduhrzeit: uhrzeit,
        fehler: null,
      },
      jetzt,
    );
    let fehlgeschlagen = 0;
    for (const ergebnis of ergebnisse) {
      if (ergebnis.folge === null) continue;
      const { row, folge, fehler } = ergebnis;
      if (folge.status === VERSAND_STATUS.fehler)
        fehlgeschlagen += await this.speicher.abschliessen(
          claim,
          [row.id],
          { status: VERSAND_STATUS.fehler, fehler: folge.fehler },
          jetzt,
        );
      else
        await this.speicher.abschliessen(
          claim,
          [row.id],
          {
            status: VERSAND_STATUS.offen,
            fehler,
            naechster_versuch: new Date(jetzt.getTime() + folge.wartenMs),
          },
          jetzt,
        );
    }
    return { versendet, fehlgeschlagen };
  }

  /**
   * Adds a batch's outcomes to the dispatcher's counters (its progress bar), once per batch: each
   * write is a commit. Counters of a batch whose worker died are set right by the final recount;
   * a finished dispatcher keeps that recount (another process's batch may still be adding its
   * outcomes, which the recount already holds).
   */
  private async zaehlen(dispatcherId: number, { versendet, fehlgeschlagen }: Erfasst): Promise<void> {
    if (!versendet && !fehlgeschlagen) return;
    await this.speicher.zaehlen(dispatcherId, versendet, fehlgeschlagen);
  }

  /**
   * Rows a dead worker claimed longer ago than the claim timeout are offered again (an ambiguous
   * resend, recognisable by its Message-ID).
   */
  private async verfalleneFreigeben(dispatcherId: number): Promise<void> {
    await this.speicher.verfalleneFreigeben(dispatcherId, new Date(Date.now() - this.claimTimeoutMs));
  }

  /** Finishes the dispatcher once no row waits; otherwise plans the next run for what is left. */
  private async abschliessen(dispatcherId: number): Promise<Versandfortschritt> {
    const stand = await this.fortschritt(dispatcherId);
    if (stand.offen > 0) {
      await this.auftraege.senden(dispatcherId, await this.naechsterLauf(dispatcherId));
      return stand;
    }
    // The recount again, with the flag: a batch counted between the two writes would count twice.
    await this.speicher.beenden(
      dispatcherId,
      { total: stand.total, sent: stand.sent, failed: stand.failed },
      new Date(),
    );
    return stand;
  }

  /** When rows left over become due: the earliest retry, or the expiry of a claim still running. */
  private async naechsterLauf(dispatcherId: number): Promise<Date> {
    const rows = await this.speicher.unerledigte(dispatcherId);
    const zeiten = rows.map((row) =>
      row.status === VERSAND_STATUS.sending
        ? row.updatedAt.getTime() + this.claimTimeoutMs
        : (row.naechster_versuch?.getTime() ?? Date.now()),
    );
    return new Date(Math.max(Date.now(), Math.min(...zeiten)));
  }

  /** Writes total / sent / failed to the dispatcher (its progress bar) and answers them. */
  async fortschritt(dispatcherId: number): Promise<Versandfortschritt> {
    const anzahl = await this.speicher.stand(dispatcherId);
    const von = (status: keyof typeof VERSAND_STATUS) => anzahl[status] ?? 0;
    const stand = {
      total: Object.values(anzahl).reduce((summe, n) => summe + n, 0),
      sent: von('versendet'),
      failed: von('fehler'),
      offen: von('offen') + von('sending'),
    };
    await this.speicher.zaehlungSchreiben(dispatcherId, {
      total: stand.total,
      sent: stand.sent,
      failed: stand.failed,
    });
    return stand;
  }
}
