/**
 * Automatic newsletters (issue 15): templates with automatik announce the coming seminars or events
 * of their seminar type. A check (hourly, adapters/jobs/automatik.jobs.ts) makes for each due one a
 * newsletter with its groups and a dispatcher at the send time, all in one transaction, and plans
 * the dispatcher like one staff created. The newsletter's unique auto_schluessel makes sure that
 * however many checks run, in however many processes, each is made once.
 */
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { MitgliederAuskunft } from '../../membership/application/ports/mitglieder-auskunft';
import { AuditTrail } from '../../platform/audit/audit-trail';
import { isUniqueViolation } from '../../platform/database/unique-violation';
import { anstehendeTermine, terminVon } from '../../seminars/application/anstehende-termine';
import {
  NewsletterDispatcher,
  NewsletterVersand,
} from '../adapters/persistence/newsletter-dispatcher.entity';
import { NewsletterVorlage } from '../adapters/persistence/newsletter-vorlage.entity';
import { Newsletter } from '../adapters/persistence/newsletter.entity';
import {
  autoEinstellungen,
  autoFaellig,
  autoGruppenFuer,
  autoNachfuehren,
  autoSchluessel,
  autoText,
  autoVersandZeit,
  startFenster,
  type AutoEinstellungen,
  type AutoZiel,
} from '../domain/automatik';
import { VersandAuftraege } from './versand';

export interface AutomatikErgebnis {
  /** The newsletters this check made (with their dispatchers). */
  angelegt: { newsletter_id: number; dispatcher_id: number; schluessel: string }[];
  /** Unstarted automatic dispatchers moved to their seminar's new send time. */
  verschoben: number[];
  /** Unstarted automatic dispatchers struck: their seminar can no longer be announced. */
  gestrichen: number[];
}

/** What the automation planned, kept on its dispatcher to tell a time staff changed by hand. */
const GEPLANT = 'auto_versand_time';

@Injectable()
export class NewsletterAutomatik {
  private readonly logger = new Logger('Newsletterautomatik');

  constructor(
    private readonly dataSource: DataSource,
    private readonly auftraege: VersandAuftraege,
    private readonly audit: AuditTrail,
    private readonly mitglieder: MitgliederAuskunft,
  ) {}

  /** One check over every template with automatik. */
  async pruefen(jetzt = new Date()): Promise<AutomatikErgebnis> {
    const vorlagen = await this.dataSource.manager.find(NewsletterVorlage, {
      where: { automatik: true, veranstaltung_typ_id: Not(IsNull()), auto_typ: Not(IsNull()) },
      order: { id: 'ASC' },
    });
    const ergebnis: AutomatikErgebnis = { angelegt: [], verschoben: [], gestrichen: [] };
    for (const vorlage of vorlagen) {
      const einstellungen = autoEinstellungen(vorlage.data);
      await this.nachfuehren(vorlage, einstellungen, jetzt, ergebnis);
      const { von, bis } = startFenster(einstellungen, jetzt);
      const termine = await anstehendeTermine(
        this.dataSource.manager,
        vorlage.auto_typ!,
        vorlage.veranstaltung_typ_id!,
        von,
        bis,
      );
      for (const ziel of termine) {
        if (!autoFaellig(ziel, einstellungen, jetzt)) continue;
        const angelegt = await this.anlegen(vorlage, einstellungen, ziel);
        if (angelegt) ergebnis.angelegt.push(angelegt);
      }
    }
    // After the commits: the dispatch jobs must find their dispatchers.
    for (const dispatcher_id of [...ergebnis.angelegt.map((a) => a.dispatcher_id), ...ergebnis.verschoben]) {
      // Staff may have deleted it or cleared its time since.
      const dispatcher = await this.dataSource.manager.findOneBy(NewsletterDispatcher, { id: dispatcher_id });
      if (dispatcher?.versand_time) await this.auftraege.planen(dispatcher_id, dispatcher.versand_time);
    }
    return ergebnis;
  }

  /**
   * The template's automatic dispatchers that have not started follow their seminar: a new start
   * moves them, a seminar that can no longer be announced strikes them (the newsletter stays for
   * staff to see). Each change is one guarded UPDATE or DELETE, so a dispatch that starts meanwhile
   * or a time staff set meanwhile wins.
   */
  private async nachfuehren(
    vorlage: NewsletterVorlage,
    einstellungen: AutoEinstellungen,
    jetzt: Date,
    ergebnis: AutomatikErgebnis,
  ): Promise<void> {
    const offene = await this.dataSource.manager.find(NewsletterDispatcher, {
      where: {
        auto_dispatcher: true,
        versendet: false,
        Newsletter: { newsletter_vorlagen_id: vorlage.id, auto_schluessel: Not(IsNull()) },
      },
      relations: { Newsletter: true },
    });
    for (const dispatcher of offene) {
      if (!dispatcher.versand_time) continue;
      const ziel = await terminVon(this.dataSource.manager, dispatcher.Newsletter);
      const geplant = dispatcher.typ_data?.[GEPLANT];
      const folge = ziel
        ? autoNachfuehren(ziel, einstellungen, jetzt, {
            versandZeit: dispatcher.versand_time,
            geplant: typeof geplant === 'string' ? new Date(geplant) : null,
          })
        : ({ aktion: 'behalten' } as const);
      if (folge.aktion === 'behalten') continue;
      await this.dataSource.transaction(async (manager) => {
        if (await manager.existsBy(NewsletterVersand, { newsletter_dispatcher_id: dispatcher.id })) return;
        const unveraendert = { id: dispatcher.id, versendet: false, versand_time: dispatcher.versand_time! };
        if (folge.aktion === 'streichen') {
          const { affected } = await manager.delete(NewsletterDispatcher, unveraendert);
          if (!affected) return;
          await this.audit.record(manager, {
            actor: null,
            resource: 'newsletter-dispatcher',
            recordId: dispatcher.id,
            action: 'delete',
          });
          ergebnis.gestrichen.push(dispatcher.id);
          return;
        }
        const { affected } = await manager.update(NewsletterDispatcher, unveraendert, {
          versand_time: folge.versandZeit,
          typ_data: { ...dispatcher.typ_data, [GEPLANT]: folge.versandZeit.toISOString() },
        });
        if (!affected) return;
        await this.audit.record(manager, {
          actor: null,
          resource: 'newsletter-dispatcher',
          recordId: dispatcher.id,
          action: 'update',
          changes: { versand_time: { before: dispatcher.versand_time, after: folge.versandZeit } },
        });
        ergebnis.verschoben.push(dispatcher.id);
      });
    }
  }

  /**
   * Newsletter, groups and dispatcher in one transaction; null when this template's newsletter for
   * the seminar exists already (made by an earlier check, or by one running at the same time).
   */
  private async anlegen(
    vorlage: NewsletterVorlage,
    einstellungen: AutoEinstellungen,
    ziel: AutoZiel,
  ): Promise<AutomatikErgebnis['angelegt'][number] | null> {
    const schluessel = autoSchluessel(vorlage.id, ziel);
    if (await this.dataSource.manager.existsBy(Newsletter, { auto_schluessel: schluessel })) return null;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const newsletterId = await this.newsletterAnlegen(manager, vorlage, einstellungen, ziel, schluessel);
        const versandTime = autoVersandZeit(ziel.beginn, einstellungen);
        const dispatcher = await manager.insert(NewsletterDispatcher, {
          newsletter_id: newsletterId,
          versand_time: versandTime,
          auto_dispatcher: true,
          typ: 'auto',
          typ_data: { [GEPLANT]: versandTime.toISOString() },
        });
        const dispatcherId = Number(dispatcher.identifiers[0].id);
        await this.audit.record(manager, {
          actor: null,
          resource: 'newsletter-dispatcher',
          recordId: dispatcherId,
          action: 'create',
        });
        return { newsletter_id: newsletterId, dispatcher_id: dispatcherId, schluessel };
      });
    } catch (error) {
      // Another check made it between our look and our insert: the unique key refused the twin.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  private async newsletterAnlegen(
    manager: EntityManager,
    vorlage: NewsletterVorlage,
    einstellungen: AutoEinstellungen,
    ziel: AutoZiel,
    schluessel: string,
  ): Promise<number> {
    const eingefuegt = await manager.insert(Newsletter, {
      titel: autoText(einstellungen.auto_titel, ziel),
      betreff: autoText(einstellungen.auto_betreff, ziel),
      newsletter_absender_id: einstellungen.newsletter_absender_id,
      newsletter_vorlagen_id: vorlage.id,
      veranstaltung_id: ziel.veranstaltung_id,
      veranstaltung_event_id: ziel.veranstaltung_event_id,
      allow_duplicate_email: einstellungen.allow_duplicate_email,
      auto_newsletter: true,
      auto_schluessel: schluessel,
    });
    const newsletterId = Number(eingefuegt.identifiers[0].id);
    const gruppe = await this.mitglieder.teilnehmerGruppe(ziel);
    if (gruppe === null && einstellungen.auto_teilnehmer_group !== null)
      this.logger.warn(
        `Vorlage ${vorlage.id}: keine Teilnehmer-Gruppe für ${schluessel}, der Newsletter geht ohne sie.`,
      );
    const { versand, ausschluss } = autoGruppenFuer(einstellungen, gruppe);
    // A group deleted since the template was saved is left out rather than stopping the automation.
    const vorhanden = await this.mitglieder.vorhandeneGruppen([...versand, ...ausschluss]);
    for (const [relation, ids] of [
      ['Benutzer_Gruppes', versand],
      ['Ausschluss_Gruppes', ausschluss],
    ] as const)
      await manager
        .createQueryBuilder()
        .relation(Newsletter, relation)
        .of(newsletterId)
        .add(ids.filter((id) => vorhanden.has(id)));
    await this.audit.record(manager, {
      actor: null,
      resource: 'newsletter',
      recordId: newsletterId,
      action: 'create',
    });
    return newsletterId;
  }
}
