/**
 * Sending newsletters (issue 15): a dispatcher is planned for a versand_time; at that time its
 * recipients (the newsletter window's computation, empfaenger.ts) become newsletter-versand rows
 * once (a write guarded by the dispatcher's state, however many planned jobs run), and send jobs
 * claim rows, render each mail as the preview does and deliver it through the mail
 * port. Claiming is one write guarded by the claimable state (domain/versand.ts, done by the
 * VersandSpeicher port), so however many send jobs and worker processes run, a row is sent by one
 * of them only.
 */
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { berlinWandzeit } from '../../../common/kalender';
import type { NewsletterConfig } from '../../config/env';
import { MitgliederAuskunft, type Anschreiben } from '../../membership/application/ports/mitglieder-auskunft';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { MailDeliveryError, Mailer } from '../../platform/mail/mailer';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { ResourceWriter } from '../../platform/resources/resource-writer';
import {
  CLAIM_TIMEOUT_MS,
  dispatcherFehlt,
  fehlerfolge,
  keineFehlgeschlagenen,
  naechsterLauf,
  schonVersendet,
  schreibpause,
  SCHREIBVERSUCHE,
  sendetakt,
  type Fehlerfolge,
  type Sendetakt,
  VERSAND_STATUS,
  versandMessageId,
  wartegruende,
} from '../domain/versand';
import { mailText } from '../domain/mail-text';
import { NewsletterEmpfaenger, newsletterFehlt } from './empfaenger';
import { NewsletterBestand } from './ports/newsletter-bestand';
import { Lebenszeichen } from './lebenszeichen';
import {
  VersandSpeicher,
  type Abschluss,
  type VersandDispatcher,
  type VersandStatus,
  type VersandZeile,
} from './ports/versand-speicher';
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

/** A new dispatch as the HTTP schema let it through; its other fields go to the generic writer. */
export type DispatcherAnfrage = Row & { newsletter_id: number; versand_time: Date | null };

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
export class NewsletterVersender implements OnModuleDestroy {
  private readonly logger = new Logger('Newsletterversand');
  private readonly retryMs: number;
  private readonly claimTimeoutMs: number;
  /** Batch size and pace of the send jobs, from the SMTP pool and NEWSLETTER_RATE. */
  readonly takt: Sendetakt;
  private readonly vorbereitet = new Map<number, { newsletter: GerenderterNewsletter; bis: number }>();
  /** The claims this process holds, renewed while their mails are sent and recorded. */
  private readonly lebendig: Lebenszeichen;

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
    this.claimTimeoutMs = einstellungen?.claimTimeoutMs ?? CLAIM_TIMEOUT_MS;
    this.lebendig = new Lebenszeichen(
      (dispatcherId, claims) => this.speicher.lebenszeichen(dispatcherId, claims, new Date()),
      this.claimTimeoutMs,
      (error) => this.logger.warn(`Lebenszeichen nicht gespeichert: ${fehlerText(error)}`),
    );
    this.takt = sendetakt(mailer.verbindungen, einstellungen?.ratePerSecond);
  }

  /**
   * `POST /node/api/newsletter-dispatcher` {newsletter_id, versand_time, …}: stored as the generic
   * API stores it (checked, audited), then planned. Without a time it stays unplanned (the window
   * always sends one: the manual date and time, or now). Its Art and Info come from the resource's
   * hook (newsletter.hooks.ts: made here by staff, a manual one unless the body says otherwise).
   */
  async anlegen(anfrage: DispatcherAnfrage, actor: Actor | null): Promise<Row> {
    const { newsletter_id: newsletterId, versand_time: versandTime, ...werte } = anfrage;
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

  /**
   * `POST newsletter-dispatcher/{id}/fehlgeschlagene_erneut_senden`: the failed recipients of this
   * dispatch — only those — are tried again as new, the dispatch reopened (issue 31).
   */
  async fehlgeschlageneErneutSenden(dispatcherId: number, actor: Actor | null): Promise<{ erneut: number }> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher) throw dispatcherFehlt(dispatcherId);
    const erneut = await this.speicher.fehlgeschlageneFreigeben(dispatcherId, actor);
    if (!erneut) throw keineFehlgeschlagenen(dispatcherId);
    await this.fortschritt(dispatcherId);
    await this.auftraege.senden(dispatcherId);
    return { erneut };
  }

  /**
   * `POST newsletter-dispatcher/{id}/anhalten` and `/fortsetzen` (issue 31): a stopped dispatch
   * claims no more rows (the mails in flight are still sent and recorded); resumed, it gets new
   * send chains. A finished dispatch is neither.
   */
  async anhalten(
    dispatcherId: number,
    angehalten: boolean,
    actor: Actor | null,
  ): Promise<{ angehalten: boolean }> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher) throw dispatcherFehlt(dispatcherId);
    if (dispatcher.versendet) throw schonVersendet(dispatcherId);
    const geaendert = await this.speicher.anhalten(dispatcherId, angehalten, actor);
    if (geaendert && !angehalten && dispatcher.empfaenger_time) await this.auftraege.senden(dispatcherId);
    return { angehalten };
  }

  /** `GET newsletter-dispatcher/{id}/wartegruende`: why its rows wait, as sentences (issue 31). */
  async wartegruende(dispatcherId: number): Promise<{ gruende: string[] }> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher) throw dispatcherFehlt(dispatcherId);
    const jetzt = new Date();
    const stand = await this.speicher.wartestand(
      dispatcherId,
      new Date(jetzt.getTime() - this.claimTimeoutMs),
      jetzt,
    );
    return { gruende: wartegruende(stand, dispatcher.angehalten) };
  }

  /** The planned dispatches, for the workers to pick up again after a restart. */
  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    return this.speicher.offeneDispatcher();
  }

  /**
   * The planned job at versand_time: the recipients become rows, at most once per dispatcher (a
   * retried job, a restart or a second planned job finds them made and adds none), then send jobs
   * start; those of a run that made no rows share the rows by claiming them, as all send jobs do.
   */
  async ausfuehren(dispatcherId: number): Promise<void> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    if (!dispatcher || dispatcher.versendet || !dispatcher.versand_time) return;
    // Moved to a later time since the job was planned.
    if (dispatcher.versand_time.getTime() > Date.now() + 1000)
      return this.auftraege.planen(dispatcherId, dispatcher.versand_time);
    // Made before: the recipients are not looked up again (for a large newsletter, seconds).
    if (!dispatcher.empfaenger_time) {
      const adressen = await this.empfaenger.adressen(dispatcher.newsletter_id);
      await this.speicher.empfaengerAnlegen(dispatcherId, dispatcher.newsletter_id, adressen, new Date());
    }
    await this.fortschritt(dispatcherId);
    await this.auftraege.senden(dispatcherId);
  }

  /**
   * One send job: picks one batch of due rows and sends them over the SMTP pool, one lane per
   * connection. Each mail is claimed, sent and recorded on its own (`einzeln`), so a worker that
   * dies leaves at most the mails its connections had in flight to be sent again. `weiter` asks the
   * job adapter for the next batch; with nothing due the dispatcher is finished (or planned again
   * for retries and for rows still held). Several of these run at once, in any number of
   * processes; each first offers the rows of dead runs again.
   */
  async senden(dispatcherId: number): Promise<Sendeschritt> {
    const dispatcher = await this.speicher.dispatcher(dispatcherId);
    // Before its planned job made the rows there is nothing to send, and nothing to finish; a
    // stopped one waits for `fortsetzen`, which starts new chains.
    if (!dispatcher || dispatcher.versendet || !dispatcher.empfaenger_time || dispatcher.angehalten)
      return FERTIG;
    const newsletter = await this.gerendert(dispatcher);
    await this.verfalleneFreigeben(dispatcherId);
    const rows = await this.speicher.faellige(dispatcherId, new Date(), this.takt.batch);
    if (rows.length === 0) {
      await this.abschliessen(dispatcherId);
      return FERTIG;
    }
    const empfaenger = await this.mitglieder.anschreibenNachIds(
      rows.map((row) => row.benutzer_id).filter((id): id is number => id != null),
    );
    const erfasst: Erfasst = { versendet: 0, fehlgeschlagen: 0 };
    const bahn = async () => {
      for (let row = rows.shift(); row; row = rows.shift()) {
        const ergebnis = await this.einzeln(dispatcherId, newsletter, row, empfaenger);
        if (ergebnis === VERSAND_STATUS.versendet) erfasst.versendet++;
        if (ergebnis === VERSAND_STATUS.fehler) erfasst.fehlgeschlagen++;
      }
    };
    const bahnen = await Promise.allSettled(
      Array.from({ length: Math.min(this.mailer.verbindungen, rows.length) }, bahn),
    );
    await this.zaehlen(dispatcherId, erfasst);
    for (const bahn of bahnen) if (bahn.status === 'rejected') throw bahn.reason;
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
   * One mail: the row claimed (null when another run was first), sent, and its outcome recorded
   * while its claim shows signs of life. Answers the row's new state.
   */
  private async einzeln(
    dispatcherId: number,
    newsletter: GerenderterNewsletter,
    row: VersandZeile,
    empfaenger: Map<number, Anschreiben>,
  ): Promise<VersandStatus | null> {
    const claim = randomUUID();
    if (!(await this.speicher.beanspruchen(row, claim, new Date()))) return null;
    this.lebendig.halten(dispatcherId, claim);
    try {
      return await this.erfassen(claim, await this.zustellen(dispatcherId, newsletter, row, empfaenger));
    } finally {
      this.lebendig.loslassen(dispatcherId, claim);
    }
  }

  /** Sends the mail of one claimed row; what became of it is recorded by `erfassen`. */
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
      const html = newsletter.html(anschreiben, links);
      await this.mailer.send({
        from: absender ? `"${absender.name.replace(/"/g, '')}" <${absender.email}>` : undefined,
        replyTo: absender?.reply_to ?? undefined,
        to: row.email,
        subject: newsletter.betreff,
        html,
        text: mailText(html),
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
   * Records what became of one mail, moments after the SMTP server's answer. A failed write (a
   * deadlock, the database away for a moment) is written again after a pause, never sent again:
   * the claim stays alive meanwhile. Only when the writes fail for longer than SCHREIBVERSUCHE
   * allow does the claim die, and the mail goes out once more (docs/architecture.md).
   */
  private async erfassen(claim: string, zustellung: Zustellung): Promise<VersandStatus | null> {
    const jetzt = new Date();
    const { row } = zustellung;
    const abschluss = this.abschluss(zustellung, jetzt);
    for (let versuch = 1; ; versuch++) {
      try {
        return (await this.speicher.abschliessen(claim, row.id, abschluss, jetzt)) ? abschluss.status : null;
      } catch (error) {
        if (versuch >= SCHREIBVERSUCHE) throw error;
        this.logger.warn(
          `Dispatcher-Empfänger ${row.id}: Ergebnis nicht gespeichert (${fehlerText(error)}), neuer Versuch`,
        );
        await new Promise((resolve) => setTimeout(resolve, schreibpause(versuch)));
      }
    }
  }

  /** A delivered mail is sent; a failure failed for good or put off to its retry. */
  private abschluss(zustellung: Zustellung, jetzt: Date): Abschluss {
    if (zustellung.folge === null) {
      const { datum, uhrzeit } = berlinWandzeit(jetzt);
      return {
        status: VERSAND_STATUS.versendet,
        versandflag: true,
        versanddatum: datum,
        versanduhrzeit: uhrzeit,
        fehler: null,
      };
    }
    const { folge, fehler } = zustellung;
    if (folge.status === VERSAND_STATUS.fehler)
      return { status: VERSAND_STATUS.fehler, fehler: folge.fehler };
    return {
      status: VERSAND_STATUS.offen,
      fehler,
      naechster_versuch: new Date(jetzt.getTime() + folge.wartenMs),
    };
  }

  /**
   * Adds a batch's outcomes to the dispatcher's counters (its progress bar), once per batch: each
   * write is a commit. Counters of a batch whose worker died are set right by the final recount;
   * a finished dispatcher keeps that recount (another process's batch may still be adding its
   * outcomes, which the recount already holds).
   */
  onModuleDestroy(): void {
    this.lebendig.beenden();
  }

  private async zaehlen(dispatcherId: number, { versendet, fehlgeschlagen }: Erfasst): Promise<void> {
    if (!versendet && !fehlgeschlagen) return;
    await this.speicher.zaehlen(dispatcherId, versendet, fehlgeschlagen);
  }

  /**
   * Rows whose claim showed no sign of life for the claim timeout belonged to a dead worker and
   * are offered again; of these, the one mail per connection that worker had in flight may have
   * been delivered already (an ambiguous resend, recognisable by its Message-ID).
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

  /** When the rows left over become due (the domain's rule, over what the store holds now). */
  private async naechsterLauf(dispatcherId: number): Promise<Date> {
    return naechsterLauf(await this.speicher.unerledigte(dispatcherId), this.claimTimeoutMs, new Date());
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
