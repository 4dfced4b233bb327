/**
 * VersandSpeicher in SQL (both databases). The claim is one UPDATE guarded by the claimable state:
 * of two runs that picked the same rows, the database lets only one change each row.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThanOrEqual, Not, Or } from 'typeorm';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import {
  VersandSpeicher,
  type Abschluss,
  type Empfang,
  type Klick,
  type UnerledigteZeile,
  type VersandDispatcher,
  type VersandEmpfaenger,
  type VersandStatus,
  type VersandZeile,
  type Zaehlung,
} from '../../application/ports/versand-speicher';
import { BEANSPRUCHBAR, UNERLEDIGT, VERSAND_STATUS } from '../../domain/versand';
import { NewsletterDispatcher, NewsletterVersand } from './newsletter-dispatcher.entity';
import { Newsletter } from './newsletter.entity';
import { StatistikNewsletter } from './statistik-newsletter.entity';

const DISPATCHER = 'newsletter-dispatcher';
/** Rows written per INSERT (5 parameters each, well under SQLite's limit). */
const ANLEGEN_BATCH = 1000;

@Injectable()
export class VersandSpeicherTypeorm extends VersandSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  private get manager() {
    return this.dataSource.manager;
  }

  async dispatcher(id: number): Promise<VersandDispatcher | null> {
    return this.manager.findOne(NewsletterDispatcher, {
      select: { id: true, newsletter_id: true, versand_time: true, versendet: true },
      where: { id },
    });
  }

  async offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]> {
    return this.manager.find(NewsletterDispatcher, {
      select: { id: true, versand_time: true },
      where: { versendet: false, versand_time: Not(IsNull()) },
    }) as Promise<{ id: number; versand_time: Date }[]>;
  }

  async fehlerVermerken(dispatcherId: number, fehler: string): Promise<void> {
    await this.manager.update(NewsletterDispatcher, { id: dispatcherId }, { error: fehler });
  }

  async unversendeteLoeschen(newsletterId: number, actor: Actor | null): Promise<number> {
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
      return ids.length;
    });
  }

  async empfaengerVon(dispatcherId: number): Promise<VersandEmpfaenger[]> {
    return this.manager.find(NewsletterVersand, {
      select: { benutzer_id: true, email: true },
      where: { newsletter_dispatcher_id: dispatcherId },
    });
  }

  async zeilenAnlegen(
    dispatcherId: number,
    newsletterId: number,
    empfaenger: VersandEmpfaenger[],
  ): Promise<void> {
    // Plain multi-row INSERTs: for 50 000 recipients the ORM's insert builder took seconds.
    for (let i = 0; i < empfaenger.length; i += ANLEGEN_BATCH) {
      const teil = empfaenger.slice(i, i + ANLEGEN_BATCH);
      await this.manager.query(
        'INSERT INTO newsletter_versand (newsletter_dispatcher_id, newsletter_id, benutzer_id, email, status) ' +
          `VALUES ${teil.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        teil.flatMap((e) => [dispatcherId, newsletterId, e.benutzer_id, e.email, BEANSPRUCHBAR]),
      );
    }
  }

  async faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<number[]> {
    const rows = await this.manager.find(NewsletterVersand, {
      select: { id: true },
      where: {
        newsletter_dispatcher_id: dispatcherId,
        status: BEANSPRUCHBAR,
        naechster_versuch: Or(IsNull(), LessThanOrEqual(jetzt)),
      },
      order: { id: 'ASC' },
      take: anzahl,
    });
    return rows.map((row) => row.id);
  }

  async beanspruchen(
    dispatcherId: number,
    ids: number[],
    claim: string,
    jetzt: Date,
  ): Promise<VersandZeile[]> {
    if (ids.length === 0) return [];
    await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: VERSAND_STATUS.sending, claim, updatedAt: jetzt })
      // The guard: a row another run claimed since it was picked is not taken again.
      .where({ id: In(ids), status: BEANSPRUCHBAR })
      .execute();
    return this.manager.find(NewsletterVersand, {
      select: { id: true, benutzer_id: true, email: true, versuche: true },
      // With the dispatcher, so the (dispatcher, status) index finds them, not a scan of every dispatch.
      where: { newsletter_dispatcher_id: dispatcherId, claim, status: VERSAND_STATUS.sending },
      order: { id: 'ASC' },
    });
  }

  async abschliessen(claim: string, ids: number[], abschluss: Abschluss, jetzt: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ ...abschluss, versuche: () => 'versuche + 1', claim: null, updatedAt: jetzt })
      .where({ id: In(ids), claim, status: VERSAND_STATUS.sending })
      .execute();
    return result.affected ?? 0;
  }

  async verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      .set({ status: BEANSPRUCHBAR, claim: null })
      .where({
        newsletter_dispatcher_id: dispatcherId,
        status: VERSAND_STATUS.sending,
        updatedAt: LessThanOrEqual(vor),
      })
      .execute();
  }

  async stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>> {
    const rows: { status: VersandStatus; anzahl: unknown }[] = await this.manager
      .createQueryBuilder(NewsletterVersand, 'v')
      .select('v.status', 'status')
      .addSelect('COUNT(*)', 'anzahl')
      .where('v.newsletter_dispatcher_id = :dispatcherId', { dispatcherId })
      .groupBy('v.status')
      .getRawMany();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.anzahl)]));
  }

  async unerledigte(dispatcherId: number): Promise<UnerledigteZeile[]> {
    return this.manager.find(NewsletterVersand, {
      select: { status: true, naechster_versuch: true, updatedAt: true },
      where: { newsletter_dispatcher_id: dispatcherId, status: In([...UNERLEDIGT]) },
    }) as Promise<UnerledigteZeile[]>;
  }

  async zaehlen(dispatcherId: number, versendet: number, fehlgeschlagen: number): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(NewsletterDispatcher)
      .set({ sent: () => `sent + ${versendet}`, failed: () => `failed + ${fehlgeschlagen}` })
      .where({ id: dispatcherId, versendet: false })
      .execute();
  }

  async zaehlungSchreiben(dispatcherId: number, zaehlung: Zaehlung): Promise<void> {
    await this.manager.update(NewsletterDispatcher, { id: dispatcherId }, { ...zaehlung });
  }

  async beenden(dispatcherId: number, zaehlung: Zaehlung, jetzt: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(NewsletterDispatcher)
        .set({ versendet: true, versendet_time: jetzt, ...zaehlung })
        .where({ id: dispatcherId, versendet: false })
        .execute();
      if (!result.affected) return;
      const dispatcher = await manager.findOneOrFail(NewsletterDispatcher, { where: { id: dispatcherId } });
      await manager.update(Newsletter, { id: dispatcher.newsletter_id }, { bearbeitungsstatus: 'versendet' });
    });
  }

  async empfang(versandId: number): Promise<Empfang | null> {
    return this.manager.findOne(NewsletterVersand, {
      select: { newsletter_id: true, newsletter_dispatcher_id: true, benutzer_id: true },
      where: { id: versandId },
    });
  }

  async klickVermerken(klick: Klick): Promise<void> {
    await this.manager.insert(StatistikNewsletter, klick);
  }
}
