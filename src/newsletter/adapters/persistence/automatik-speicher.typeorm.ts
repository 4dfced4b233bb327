/** AutomatikSpeicher through TypeORM (both databases). */
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { AuditTrail, type AuditEntry } from '../../../platform/audit/audit-trail';
import { isUniqueViolation } from '../../../platform/database/unique-violation';
import {
  AutomatikSpeicher,
  type AutoDispatcher,
  type AutoVorlage,
  type NeuerAutoNewsletter,
} from '../../application/ports/automatik-speicher';
import { dispatcherInfo, dispatcherTyp } from '../../domain/versand';
import { NewsletterDispatcher, NewsletterVersand } from './newsletter-dispatcher.entity';
import { NewsletterVorlage } from './newsletter-vorlage.entity';
import { Newsletter } from './newsletter.entity';

const DISPATCHER = 'newsletter-dispatcher';

/** A planned dispatch of the automation: nothing sent yet. */
const NEU = { versendet: false, total: 0, sent: 0, failed: 0 };

@Injectable()
export class AutomatikSpeicherTypeorm extends AutomatikSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  async vorlagen(): Promise<AutoVorlage[]> {
    const vorlagen = await this.dataSource.manager.find(NewsletterVorlage, {
      where: { automatik: true, veranstaltung_typ_id: Not(IsNull()), auto_typ: Not(IsNull()) },
      order: { id: 'ASC' },
    });
    return vorlagen.map((v) => ({
      id: v.id,
      data: v.data,
      auto_typ: v.auto_typ!,
      veranstaltung_typ_id: v.veranstaltung_typ_id!,
    }));
  }

  async offeneDispatcher(vorlageId: number): Promise<AutoDispatcher[]> {
    const offene = await this.dataSource.manager.find(NewsletterDispatcher, {
      where: {
        auto_dispatcher: true,
        versendet: false,
        Newsletter: { newsletter_vorlagen_id: vorlageId, auto_schluessel: Not(IsNull()) },
      },
      relations: { Newsletter: true },
    });
    return offene.map((d) => ({
      id: d.id,
      versand_time: d.versand_time,
      typ_data: d.typ_data,
      ziel: {
        veranstaltung_id: d.Newsletter.veranstaltung_id,
        veranstaltung_event_id: d.Newsletter.veranstaltung_event_id,
      },
    }));
  }

  /**
   * Runs `aendern` on the dispatcher as it was seen, unless its dispatch has begun, and audits
   * the change (`eintrag`) when it changed the dispatcher.
   */
  private unbegonnen(
    dispatcherId: number,
    versandTime: Date,
    eintrag: Pick<AuditEntry, 'action' | 'changes'>,
    aendern: (manager: EntityManager, unveraendert: object) => Promise<{ affected?: number | null }>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (await manager.existsBy(NewsletterVersand, { newsletter_dispatcher_id: dispatcherId })) return false;
      const unveraendert = { id: dispatcherId, versendet: false, versand_time: versandTime };
      const { affected } = await aendern(manager, unveraendert);
      if (!affected) return false;
      await this.audit.record(manager, {
        actor: null,
        resource: DISPATCHER,
        recordId: dispatcherId,
        ...eintrag,
      });
      return true;
    });
  }

  streichen(dispatcherId: number, versandTime: Date): Promise<boolean> {
    return this.unbegonnen(dispatcherId, versandTime, { action: 'delete' }, (manager, unveraendert) =>
      manager.delete(NewsletterDispatcher, unveraendert),
    );
  }

  verschieben(
    dispatcherId: number,
    versandTime: Date,
    neu: { versand_time: Date; typ_data: Record<string, unknown> },
  ): Promise<boolean> {
    const eintrag = {
      action: 'update',
      changes: { versand_time: { before: versandTime, after: neu.versand_time } },
    };
    return this.unbegonnen(dispatcherId, versandTime, eintrag, (manager, unveraendert) =>
      manager.update(NewsletterDispatcher, unveraendert, {
        versand_time: neu.versand_time,
        info: dispatcherInfo({ ...NEU, versand_time: neu.versand_time }),
        // TypeORM's partial type of a JSON column refuses `unknown` values; the object is plain JSON.
        typ_data: neu.typ_data as Record<string, string>,
      }),
    );
  }

  schluesselVergeben(schluessel: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(Newsletter, { auto_schluessel: schluessel });
  }

  async anlegen(neu: NeuerAutoNewsletter): Promise<{ newsletter_id: number; dispatcher_id: number } | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const eingefuegt = await manager.insert(Newsletter, { ...neu.newsletter, auto_newsletter: true });
        const newsletterId = Number(eingefuegt.identifiers[0].id);
        for (const [relation, ids] of [
          ['Benutzer_Gruppes', neu.versandGruppen],
          ['Ausschluss_Gruppes', neu.ausschlussGruppen],
        ] as const)
          await manager.createQueryBuilder().relation(Newsletter, relation).of(newsletterId).add(ids);
        await this.audit.record(manager, {
          actor: null,
          resource: 'newsletter',
          recordId: newsletterId,
          action: 'create',
        });
        const dispatcher = await manager.insert(NewsletterDispatcher, {
          versand_time: neu.dispatcher.versand_time,
          typ_data: neu.dispatcher.typ_data as Record<string, string>,
          newsletter_id: newsletterId,
          auto_dispatcher: true,
          typ: dispatcherTyp(true),
          info: dispatcherInfo({ ...NEU, versand_time: neu.dispatcher.versand_time }),
        });
        const dispatcherId = Number(dispatcher.identifiers[0].id);
        await this.audit.record(manager, {
          actor: null,
          resource: DISPATCHER,
          recordId: dispatcherId,
          action: 'create',
        });
        return { newsletter_id: newsletterId, dispatcher_id: dispatcherId };
      });
    } catch (error) {
      // Another check made it between the look and the insert: the unique key refused the twin.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }
}
