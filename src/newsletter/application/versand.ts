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
import { DataSource, In, IsNull, LessThanOrEqual, Not, Or, type EntityManager } from 'typeorm';
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
import {
  NewsletterDispatcher,
  NewsletterVersand,
} from '../adapters/persistence/newsletter-dispatcher.entity';
import { Newsletter } from '../adapters/persistence/newsletter.entity';
import {
  BEANSPRUCHBAR,
  CLAIM_VERFALL_MS,
  fehlerfolge,
  UNERLEDIGT,
  VERSAND_STATUS,
  versandMessageId,
} from '../domain/versand';
import { NewsletterEmpfaenger, newsletterFehlt } from './empfaenger';
import { NewsletterLinks } from './tracking';
import { NewsletterVorschau, type GerenderterNewsletter } from './vorschau';

const DISPATCHER = 'newsletter-dispatcher';
/** Rows written per INSERT while recipients are expanded. */
const ANLEGEN_BATCH = 500;
/** Rows one send job claims at a time; their mails go out in parallel over the SMTP pool. */
export const SENDE_BATCH = 20;

/** What the send jobs are asked to do; the job adapter (adapters/jobs) puts it on the queue. */
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

const fehlerText = (error: unknown) => (error instanceof Error ? error.message : String(error));

@Injectable()
export class NewsletterVersender {
  private readonly logger = new Logger('Newsletterversand');
  private readonly retryMs: number;

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
    this.retryMs = config.get<NewsletterConfig>('newsletter')?.retryMs ?? 60_000;
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
    for (let i = 0; i < neu.length; i += ANLEGEN_BATCH)
      await manager.insert(
        NewsletterVersand,
        neu.slice(i, i + ANLEGEN_BATCH).map((a) => ({
          newsletter_dispatcher_id: dispatcherId,
          newsletter_id: dispatcher.newsletter_id,
          benutzer_id: a.benutzer_id,
          email: a.email,
          status: BEANSPRUCHBAR,
        })),
      );
    await this.fortschritt(dispatcherId);
    await this.auftraege.senden(dispatcherId);
  }

  /**
   * One send job: claims batches of due rows until none is left, sends their mails, and
   * finishes the dispatcher when nothing is waiting any more. Several of these may run at once.
   */
  async senden(dispatcherId: number): Promise<Versandfortschritt> {
    const dispatcher = await this.dataSource.manager.findOne(NewsletterDispatcher, {
      where: { id: dispatcherId },
    });
    if (!dispatcher || dispatcher.versendet) return this.fortschritt(dispatcherId);
    let newsletter: GerenderterNewsletter;
    try {
      newsletter = await this.vorschau.vorbereiten(dispatcher.newsletter_id);
    } catch (error) {
      // A broken template stops the whole dispatch: staff see why on the dispatcher.
      await this.dataSource.manager.update(
        NewsletterDispatcher,
        { id: dispatcherId },
        { error: fehlerText(error) },
      );
      throw error;
    }
    await this.verfalleneFreigeben(dispatcherId);
    for (;;) {
      const rows = await this.beanspruchen(dispatcherId);
      if (rows.length === 0) break;
      const empfaenger = await anschreibenNachIds(
        this.dataSource.manager,
        rows.map((row) => row.benutzer_id).filter((id): id is number => id != null),
      );
      await Promise.all(rows.map((row) => this.zustellen(dispatcherId, newsletter, row, empfaenger)));
      await this.fortschritt(dispatcherId);
    }
    return this.abschliessen(dispatcherId);
  }

  /** Claims up to SENDE_BATCH due rows for this run; only the rows this UPDATE changed are ours. */
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
      take: SENDE_BATCH,
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
      where: { claim, status: VERSAND_STATUS.sending },
      order: { id: 'ASC' },
    });
    // Others took all of these: look for more.
    return rows.length ? rows : this.beanspruchen(dispatcherId);
  }

  private async zustellen(
    dispatcherId: number,
    newsletter: GerenderterNewsletter,
    row: NewsletterVersand,
    empfaenger: Map<number, Anschreiben>,
  ): Promise<void> {
    const versuche = row.versuche + 1;
    type Ergebnis = Pick<
      NewsletterVersand,
      'status' | 'fehler' | 'versandflag' | 'versanddatum' | 'versanduhrzeit' | 'naechster_versuch'
    >;
    const ergebnis = (werte: Partial<Ergebnis>) =>
      this.dataSource.manager
        .createQueryBuilder()
        .update(NewsletterVersand)
        .set({ ...werte, versuche, claim: null, updatedAt: new Date() })
        .where({ id: row.id, claim: row.claim, status: VERSAND_STATUS.sending })
        .execute();
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
      const { datum, uhrzeit } = berlinWandzeit(new Date());
      await ergebnis({
        status: VERSAND_STATUS.versendet,
        versandflag: true,
        versanddatum: datum,
        versanduhrzeit: uhrzeit,
        fehler: null,
      });
    } catch (error) {
      const folge = fehlerfolge(
        { permanent: error instanceof MailDeliveryError && error.permanent, message: fehlerText(error) },
        versuche,
        this.retryMs,
      );
      if (folge.status === VERSAND_STATUS.fehler) {
        this.logger.warn(`Dispatcher ${dispatcherId}, Empfänger ${row.id}: ${folge.fehler}`);
        await ergebnis({ status: VERSAND_STATUS.fehler, fehler: folge.fehler });
      } else
        await ergebnis({
          status: VERSAND_STATUS.offen,
          fehler: fehlerText(error),
          naechster_versuch: new Date(Date.now() + folge.wartenMs),
        });
    }
  }

  /** Rows a dead worker claimed long ago are offered again. */
  private async verfalleneFreigeben(dispatcherId: number): Promise<void> {
    await this.dataSource.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: BEANSPRUCHBAR, claim: null })
      .where({
        newsletter_dispatcher_id: dispatcherId,
        status: VERSAND_STATUS.sending,
        updatedAt: LessThanOrEqual(new Date(Date.now() - CLAIM_VERFALL_MS)),
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
      const result = await manager
        .createQueryBuilder()
        .update(NewsletterDispatcher)
        .set({ versendet: true, versendet_time: new Date() })
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
        ? row.updatedAt.getTime() + CLAIM_VERFALL_MS
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
