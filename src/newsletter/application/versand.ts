/**
 * Sending newsletters (issue 15): a dispatcher is planned for a versand_time; at that time its
 * recipients (the newsletter window's computation, empfaenger.ts) become newsletter-versand rows,
 * and send jobs claim rows, render each mail as the preview does and deliver it through the mail
 * port. Claiming is one guarded UPDATE (domain/versand.ts), so however many send jobs and worker
 * processes run, a row is sent by one of them only.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import {
  DataSource,
  In,
  IsNull,
  LessThanOrEqual,
  Not,
  Or,
  type EntityManager,
  type FindOperator,
} from 'typeorm';
import { berlinWandzeit } from '../../../common/kalender';
import { NICHT_GESPEICHERT } from '../../../common/newsletter';
import type { NewsletterConfig } from '../../config/env';
import { anschreibenNachIds, type Anschreiben } from '../../membership/application/anschreiben';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { MailDeliveryError, Mailer } from '../../platform/mail/mailer';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { ResourceWriter } from '../../platform/resources/resource-writer';
import { DomainError } from '../../shared/domain-error';
import { GroupCommit } from '../../shared/group-commit';
import {
  NewsletterDispatcher,
  NewsletterVersand,
} from '../adapters/persistence/newsletter-dispatcher.entity';
import { Newsletter } from '../adapters/persistence/newsletter.entity';
import {
  BEANSPRUCHBAR,
  fehlerfolge,
  sendetakt,
  type Fehlerfolge,
  type Sendetakt,
  UNERLEDIGT,
  VERSAND_STATUS,
  versandMessageId,
} from '../domain/versand';
import { NewsletterEmpfaenger, newsletterFehlt } from './empfaenger';
import { NewsletterLinks } from './tracking';
import { NewsletterVorschau, type GerenderterNewsletter } from './vorschau';

const DISPATCHER = 'newsletter-dispatcher';
/** Rows written per INSERT while recipients are expanded (5 parameters each, well under SQLite's limit). */
const ANLEGEN_BATCH = 1000;
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
  { row: NewsletterVersand; folge: null } | { row: NewsletterVersand; folge: Fehlerfolge; fehler: string };

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
    private readonly dataSource: DataSource,
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
    if (!(await this.dataSource.manager.exists(Newsletter, { where: { id: newsletterId } })))
      throw newsletterFehlt(newsletterId);
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
    return this.dataSource.transaction(async (manager) => {
      const kandidaten = await manager.find(NewsletterDispatcher, {
        select: { id: true },
        where: { newsletter_id: newsletterId, versendet: false },
      });
      const ids: number[] = [];
      for (const { id } of kandidaten) {
        const begonnen = await manager.exists(NewsletterVersand, {
          where: {
            newsletter_dispatcher_id: id,
            status: In([VERSAND_STATUS.sending, VERSAND_STATUS.versendet, VERSAND_STATUS.fehler]),
          },
        });
        if (!begonnen) ids.push(id);
      }
      if (ids.length) {
        await manager.delete(NewsletterVersand, { newsletter_dispatcher_id: In(ids) });
        await manager.delete(NewsletterDispatcher, { id: In(ids), versendet: false });
        for (const id of ids)
          await this.audit.record(manager, { actor, resource: DISPATCHER, recordId: id, action: 'delete' });
      }
      return { deleted: ids.length };
    });
  }

  /** The planned dispatches, for the workers to pick up again after a restart. */
  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    return this.dataSource.manager.find(NewsletterDispatcher, {
      select: { id: true, versand_time: true },
      where: { versendet: false, versand_time: Not(IsNull()) },
    }) as Promise<{ id: number; versand_time: Date }[]>;
  }

  /**
   * The planned job at versand_time: the recipients become rows (again idempotent: rows already
   * there stay as they are), then send jobs start.
   */
  async ausfuehren(dispatcherId: number): Promise<void> {
    const manager = this.dataSource.manager;
    const dispatcher = await manager.findOne(NewsletterDispatcher, { where: { id: dispatcherId } });
    if (!dispatcher || dispatcher.versendet || !dispatcher.versand_time) return;
    // Moved to a later time since the job was planned.
    if (dispatcher.versand_time.getTime() > Date.now() + 1000)
      return this.auftraege.planen(dispatcherId, dispatcher.versand_time);
    const adressen = await this.empfaenger.adressen(dispatcher.newsletter_id);
    const vorhanden = new Set(
      (
        await manager.find(NewsletterVersand, {
          select: { benutzer_id: true, email: true },
          where: { newsletter_dispatcher_id: dispatcherId },
        })
      ).map((row) => `${row.benutzer_id}|${row.email}`),
    );
    const neu = adressen.filter((a) => !vorhanden.has(`${a.benutzer_id}|${a.email}`));
    // Plain multi-row INSERTs: for 50 000 recipients the ORM's insert builder took seconds.
    for (let i = 0; i < neu.length; i += ANLEGEN_BATCH) {
      const teil = neu.slice(i, i + ANLEGEN_BATCH);
      await manager.query(
        'INSERT INTO newsletter_versand (newsletter_dispatcher_id, newsletter_id, benutzer_id, email, status) ' +
          `VALUES ${teil.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        teil.flatMap((a) => [dispatcherId, dispatcher.newsletter_id, a.benutzer_id, a.email, BEANSPRUCHBAR]),
      );
    }
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
    const dispatcher = await this.dataSource.manager.findOne(NewsletterDispatcher, {
      select: { id: true, newsletter_id: true, versendet: true },
      where: { id: dispatcherId },
    });
    if (!dispatcher || dispatcher.versendet) return FERTIG;
    const newsletter = await this.gerendert(dispatcher);
    if (freigeben) await this.verfalleneFreigeben(dispatcherId);
    const rows = await this.beanspruchen(dispatcherId);
    if (rows.length === 0) {
      await this.abschliessen(dispatcherId);
      return FERTIG;
    }
    const empfaenger = await anschreibenNachIds(
      this.dataSource.manager,
      rows.map((row) => row.benutzer_id).filter((id): id is number => id != null),
    );
    // Each outcome is recorded moments after the SMTP server's answer, so a worker killed
    // mid-batch leaves only the mails still in flight to be sent again.
    const erfassung = new GroupCommit(
      (ergebnisse: Zustellung[]) => this.erfassen(dispatcherId, rows[0].claim!, ergebnisse),
      { versendet: 0, fehlgeschlagen: 0 },
    );
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
  private async gerendert(dispatcher: Pick<NewsletterDispatcher, 'id' | 'newsletter_id'>) {
    const bekannt = this.vorbereitet.get(dispatcher.id);
    if (bekannt && bekannt.bis > Date.now()) return bekannt.newsletter;
    try {
      const newsletter = await this.vorschau.vorbereiten(dispatcher.newsletter_id);
      for (const [id, eintrag] of this.vorbereitet)
        if (eintrag.bis <= Date.now()) this.vorbereitet.delete(id);
      this.vorbereitet.set(dispatcher.id, { newsletter, bis: Date.now() + VORBEREITET_MS });
      return newsletter;
    } catch (error) {
      await this.dataSource.manager.update(
        NewsletterDispatcher,
        { id: dispatcher.id },
        { error: fehlerText(error) },
      );
      throw error;
    }
  }

  /** Claims up to one batch of due rows for this run; only the rows this UPDATE changed are ours. */
  private async beanspruchen(dispatcherId: number): Promise<NewsletterVersand[]> {
    const manager = this.dataSource.manager;
    const jetzt = new Date();
    const kandidaten = await manager.find(NewsletterVersand, {
      select: { id: true },
      where: {
        newsletter_dispatcher_id: dispatcherId,
        status: BEANSPRUCHBAR,
        naechster_versuch: Or(IsNull(), LessThanOrEqual(jetzt)),
      },
      order: { id: 'ASC' },
      take: this.takt.batch,
    });
    if (kandidaten.length === 0) return [];
    const claim = randomUUID();
    await manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: VERSAND_STATUS.sending, claim, updatedAt: jetzt })
      .where({ id: In(kandidaten.map((k) => k.id)), status: BEANSPRUCHBAR })
      .execute();
    const rows = await manager.find(NewsletterVersand, {
      // With the dispatcher, so the (dispatcher, status) index finds them, not a scan of every dispatch.
      where: { newsletter_dispatcher_id: dispatcherId, claim, status: VERSAND_STATUS.sending },
      order: { id: 'ASC' },
    });
    // Others took all of these: look for more.
    return rows.length ? rows : this.beanspruchen(dispatcherId);
  }

  /** Sends the mail of one claimed row; what became of it is recorded with its batch (`erfassen`). */
  private async zustellen(
    dispatcherId: number,
    newsletter: GerenderterNewsletter,
    row: NewsletterVersand,
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
   * Records outcomes: the sent rows in one UPDATE, each failure with its own answer. Counted are
   * the rows that really changed (a row whose claim expired meanwhile belongs to another run and
   * counts there), so that the progress needs no recount per batch.
   */
  private async erfassen(dispatcherId: number, claim: string, ergebnisse: Zustellung[]): Promise<Erfasst> {
    const jetzt = new Date();
    type Abschluss = Pick<
      NewsletterVersand,
      'status' | 'fehler' | 'versandflag' | 'versanddatum' | 'versanduhrzeit' | 'naechster_versuch'
    >;
    const abschluss = (where: { id: number | FindOperator<number> }, werte: Partial<Abschluss>) =>
      this.dataSource.manager
        .createQueryBuilder()
        .update(NewsletterVersand)
        .set({ ...werte, versuche: () => 'versuche + 1', claim: null, updatedAt: jetzt })
        .where({ ...where, claim, status: VERSAND_STATUS.sending })
        .execute()
        .then((result) => result.affected ?? 0);
    const zugestellt = ergebnisse.filter((e) => e.folge === null).map((e) => e.row.id);
    const { datum, uhrzeit } = berlinWandzeit(jetzt);
    let versendet = 0;
    if (zugestellt.length)
      versendet = await abschluss(
        { id: In(zugestellt) },
        {
          status: VERSAND_STATUS.versendet,
          versandflag: true,
          versanddatum: datum,
          versanduhrzeit: uhrzeit,
          fehler: null,
        },
      );
    let fehlgeschlagen = 0;
    for (const ergebnis of ergebnisse) {
      if (ergebnis.folge === null) continue;
      const { row, folge, fehler } = ergebnis;
      if (folge.status === VERSAND_STATUS.fehler)
        fehlgeschlagen += await abschluss(
          { id: row.id },
          { status: VERSAND_STATUS.fehler, fehler: folge.fehler },
        );
      else
        await abschluss(
          { id: row.id },
          {
            status: VERSAND_STATUS.offen,
            fehler,
            naechster_versuch: new Date(jetzt.getTime() + folge.wartenMs),
          },
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
    await this.dataSource.manager
      .createQueryBuilder()
      .update(NewsletterDispatcher)
      .set({ sent: () => `sent + ${versendet}`, failed: () => `failed + ${fehlgeschlagen}` })
      .where({ id: dispatcherId, versendet: false })
      .execute();
  }

  /**
   * Rows a dead worker claimed longer ago than the claim timeout are offered again (an ambiguous
   * resend, recognisable by its Message-ID).
   */
  private async verfalleneFreigeben(dispatcherId: number): Promise<void> {
    await this.dataSource.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: BEANSPRUCHBAR, claim: null })
      .where({
        newsletter_dispatcher_id: dispatcherId,
        status: VERSAND_STATUS.sending,
        updatedAt: LessThanOrEqual(new Date(Date.now() - this.claimTimeoutMs)),
      })
      .execute();
  }

  /** Finishes the dispatcher once no row waits; otherwise plans the next run for what is left. */
  private async abschliessen(dispatcherId: number): Promise<Versandfortschritt> {
    const stand = await this.fortschritt(dispatcherId);
    if (stand.offen > 0) {
      await this.auftraege.senden(dispatcherId, await this.naechsterLauf(dispatcherId));
      return stand;
    }
    await this.dataSource.transaction(async (manager: EntityManager) => {
      // The recount again, with the flag: a batch counted between the two writes would count twice.
      const result = await manager
        .createQueryBuilder()
        .update(NewsletterDispatcher)
        .set({
          versendet: true,
          versendet_time: new Date(),
          total: stand.total,
          sent: stand.sent,
          failed: stand.failed,
        })
        .where({ id: dispatcherId, versendet: false })
        .execute();
      if (result.affected) {
        const dispatcher = await manager.findOneOrFail(NewsletterDispatcher, { where: { id: dispatcherId } });
        await manager.update(
          Newsletter,
          { id: dispatcher.newsletter_id },
          { bearbeitungsstatus: 'versendet' },
        );
      }
    });
    return stand;
  }

  /** When rows left over become due: the earliest retry, or the expiry of a claim still running. */
  private async naechsterLauf(dispatcherId: number): Promise<Date> {
    const rows = await this.dataSource.manager.find(NewsletterVersand, {
      select: { status: true, naechster_versuch: true, updatedAt: true },
      where: { newsletter_dispatcher_id: dispatcherId, status: In([...UNERLEDIGT]) },
    });
    const zeiten = rows.map((row) =>
      row.status === VERSAND_STATUS.sending
        ? row.updatedAt.getTime() + this.claimTimeoutMs
        : (row.naechster_versuch?.getTime() ?? Date.now()),
    );
    return new Date(Math.max(Date.now(), Math.min(...zeiten)));
  }

  /** Writes total / sent / failed to the dispatcher (its progress bar) and answers them. */
  async fortschritt(dispatcherId: number): Promise<Versandfortschritt> {
    const rows: { status: string; anzahl: unknown }[] = await this.dataSource.manager
      .createQueryBuilder(NewsletterVersand, 'v')
      .select('v.status', 'status')
      .addSelect('COUNT(*)', 'anzahl')
      .where('v.newsletter_dispatcher_id = :dispatcherId', { dispatcherId })
      .groupBy('v.status')
      .getRawMany();
    const anzahl = (status: string) => Number(rows.find((r) => r.status === status)?.anzahl ?? 0);
    const stand = {
      total: rows.reduce((summe, r) => summe + Number(r.anzahl), 0),
      sent: anzahl(VERSAND_STATUS.versendet),
      failed: anzahl(VERSAND_STATUS.fehler),
      offen: anzahl(VERSAND_STATUS.offen) + anzahl(VERSAND_STATUS.sending),
    };
    await this.dataSource.manager.update(
      NewsletterDispatcher,
      { id: dispatcherId },
      { total: stand.total, sent: stand.sent, failed: stand.failed },
    );
    return stand;
  }
}
