/**
 * Participant lists and participation (spec 002 §2–§4, issue 11): the list computed from the
 * current bookings, absences recorded per seminar or per event, and the seminars' and events'
 * teilnehmer_count recounted whenever either changes. Billing calls `buchungGeaendert` from the
 * save path of booking transactions; it is what the seminars context offers for that.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { aktuelleSeminarBuchungen } from '../../billing/application/seminar-anbindung';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import { VeranstaltungNichtTeilnahme } from '../adapters/persistence/veranstaltung-nicht-teilnahme.entity';
import { Veranstaltung, VeranstaltungEvent } from '../adapters/persistence/veranstaltung.entity';
import { teilnehmerListe, teilnehmerZahlen, type TeilnehmerZeile } from '../domain/teilnehmer';

export interface SeminarTeilnehmer {
  seminar: Veranstaltung;
  events: VeranstaltungEvent[];
  liste: TeilnehmerZeile[];
}

export const seminarFehlt = (id: number) =>
  DomainError.notFound('SEMINAR_NICHT_GEFUNDEN', `Seminar ${id} wurde nicht gefunden.`);

/** The seminar, its events by date and its participant list, read in `manager`. */
export async function ladeTeilnehmer(
  manager: EntityManager,
  veranstaltungId: number,
  { eventId, ohneBuchung }: { eventId?: number; ohneBuchung?: number } = {},
): Promise<SeminarTeilnehmer> {
  const seminar = await manager.findOne(Veranstaltung, {
    where: { id: veranstaltungId },
    relations: { Fachberatermarke: true },
  });
  if (!seminar) throw seminarFehlt(veranstaltungId);
  const events = await manager.find(VeranstaltungEvent, {
    where: { veranstaltung_id: veranstaltungId },
    order: { datum: 'ASC', beginn: 'ASC', id: 'ASC' },
  });
  if (eventId !== undefined && !events.some((e) => e.id === eventId))
    throw DomainError.notFound(
      'EVENT_NICHT_GEFUNDEN',
      `Veranstaltung ${eventId} gehört nicht zum Seminar ${veranstaltungId}.`,
    );
  const buchungen = (await aktuelleSeminarBuchungen(manager, veranstaltungId)).filter(
    (b) => b.id !== ohneBuchung,
  );
  const nicht = await manager.find(VeranstaltungNichtTeilnahme, {
    select: { id: true, benutzer_id: true, veranstaltung_event_id: true },
    where: { veranstaltung_id: veranstaltungId },
  });
  const eventIds = events.map((e) => e.id);
  return { seminar, events, liste: teilnehmerListe(buchungen, nicht, eventIds, eventId) };
}

/**
 * A derived count is no edit: it keeps the row's version and change time, so an edit window open
 * meanwhile can still save (TypeORM raises the version on every update that does not set it).
 */
const zahlSetzen = (
  manager: EntityManager,
  entity: typeof Veranstaltung | typeof VeranstaltungEvent,
  id: number,
  teilnehmer_count: number,
) =>
  manager
    .createQueryBuilder()
    .update(entity)
    .set({ teilnehmer_count, version: () => 'version', updatedAt: () => 'updatedAt' })
    .where('id = :id', { id })
    .execute();

/** Writes the counts of the seminar and its events where they changed. */
export async function aktualisiereTeilnehmerzahl(
  manager: EntityManager,
  veranstaltungId: number,
  ohneBuchung?: number,
): Promise<void> {
  const { seminar, events, liste } = await ladeTeilnehmer(manager, veranstaltungId, { ohneBuchung });
  const zahlen = teilnehmerZahlen(
    liste,
    events.map((e) => e.id),
  );
  if (seminar.teilnehmer_count !== zahlen.seminar)
    await zahlSetzen(manager, Veranstaltung, seminar.id, zahlen.seminar);
  for (const event of events) {
    const zahl = zahlen.events.get(event.id) ?? 0;
    if (event.teilnehmer_count !== zahl) await zahlSetzen(manager, VeranstaltungEvent, event.id, zahl);
  }
}

/** Where a booking points: a seminar directly or through one of its events. */
export interface BuchungsZiel {
  veranstaltung_id?: unknown;
  veranstaltung_event_id?: unknown;
}

/**
 * Billing's save path calls this after a booking transaction was written (or before it is
 * deleted, naming it in `geloescht`): the counts of every seminar it names, before and after.
 */
export async function buchungGeaendert(
  manager: EntityManager,
  ziele: (BuchungsZiel | undefined)[],
  geloescht?: number,
): Promise<void> {
  const seminare = new Set<number>();
  for (const ziel of ziele) {
    if (!ziel) continue;
    if (typeof ziel.veranstaltung_id === 'number') seminare.add(ziel.veranstaltung_id);
    if (typeof ziel.veranstaltung_event_id === 'number') {
      const event = await manager.findOne(VeranstaltungEvent, {
        select: { id: true, veranstaltung_id: true },
        where: { id: ziel.veranstaltung_event_id },
      });
      if (event) seminare.add(event.veranstaltung_id);
    }
  }
  for (const id of seminare) {
    if (await manager.exists(Veranstaltung, { where: { id } }))
      await aktualisiereTeilnehmerzahl(manager, id, geloescht);
  }
}

export interface TeilnahmeAenderung {
  benutzer_id: number;
  veranstaltung_id: number;
  /** Empty: the whole seminar. */
  event_ids: number[];
}

@Injectable()
export class Teilnehmer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {}

  liste(veranstaltungId: number, eventId?: number): Promise<SeminarTeilnehmer> {
    return ladeTeilnehmer(this.dataSource.manager, veranstaltungId, { eventId });
  }

  /**
   * `POST /node/api/veranstaltung-nicht-teilnahme`: records that the participant did not take
   * part in the given events (or the whole seminar); what is recorded already stays.
   */
  async nichtTeilgenommen(
    aenderung: TeilnahmeAenderung,
    actor: Actor | null,
  ): Promise<VeranstaltungNichtTeilnahme[]> {
    return this.dataSource.transaction(async (manager) => {
      const eventIds = await this.pruefe(manager, aenderung);
      const vorhanden = await manager.find(VeranstaltungNichtTeilnahme, {
        where: { benutzer_id: aenderung.benutzer_id, veranstaltung_id: aenderung.veranstaltung_id },
      });
      const neu = eventIds.filter((id) => !vorhanden.some((n) => n.veranstaltung_event_id === id));
      const gespeichert: VeranstaltungNichtTeilnahme[] = [];
      for (const veranstaltung_event_id of neu) {
        const row = await manager.save(
          manager.create(VeranstaltungNichtTeilnahme, {
            benutzer_id: aenderung.benutzer_id,
            veranstaltung_id: aenderung.veranstaltung_id,
            veranstaltung_event_id,
          }),
        );
        gespeichert.push(row);
        await this.audit.record(manager, {
          actor,
          resource: 'veranstaltung-nicht-teilnahme',
          recordId: row.id,
          action: 'create',
          changes: {
            benutzer_id: { after: row.benutzer_id },
            veranstaltung_id: { after: row.veranstaltung_id },
            veranstaltung_event_id: { after: row.veranstaltung_event_id },
          },
        });
      }
      await aktualisiereTeilnehmerzahl(manager, aenderung.veranstaltung_id);
      return gespeichert;
    });
  }

  /**
   * `DELETE /node/api/veranstaltung-nicht-teilnahme`: the participant took part after all, in the
   * given events (or the whole seminar), or the absences with these ids are removed.
   */
  async teilgenommen(
    auswahl: { aenderung: TeilnahmeAenderung } | { ids: number[] },
    actor: Actor | null,
  ): Promise<{ deleted: number }> {
    return this.dataSource.transaction(async (manager) => {
      let rows: VeranstaltungNichtTeilnahme[];
      if ('ids' in auswahl) {
        rows = auswahl.ids.length
          ? await manager.find(VeranstaltungNichtTeilnahme, { where: { id: In(auswahl.ids) } })
          : [];
      } else {
        const { benutzer_id, veranstaltung_id } = auswahl.aenderung;
        const eventIds = await this.pruefe(manager, auswahl.aenderung);
        rows = await manager.find(VeranstaltungNichtTeilnahme, {
          where: eventIds.map((id) => ({
            benutzer_id,
            veranstaltung_id,
            veranstaltung_event_id: id === null ? IsNull() : id,
          })),
        });
      }
      for (const row of rows) {
        await manager.delete(VeranstaltungNichtTeilnahme, row.id);
        await this.audit.record(manager, {
          actor,
          resource: 'veranstaltung-nicht-teilnahme',
          recordId: row.id,
          action: 'delete',
          changes: {
            benutzer_id: { before: row.benutzer_id },
            veranstaltung_id: { before: row.veranstaltung_id },
            veranstaltung_event_id: { before: row.veranstaltung_event_id },
          },
        });
      }
      for (const id of new Set(rows.map((r) => r.veranstaltung_id)))
        await aktualisiereTeilnehmerzahl(manager, id);
      return { deleted: rows.length };
    });
  }

  /** The seminar exists, the Benutzer is booked on it, the events are its own; answers the event ids (null: whole seminar). */
  private async pruefe(manager: EntityManager, a: TeilnahmeAenderung): Promise<(number | null)[]> {
    const { events, liste } = await ladeTeilnehmer(manager, a.veranstaltung_id);
    const zeile = liste.find((z) => z.benutzer_id === a.benutzer_id);
    if (!zeile)
      throw DomainError.notFound(
        'NICHT_GEBUCHT',
        `Benutzer ${a.benutzer_id} ist für dieses Seminar nicht angemeldet.`,
      );
    const fremd = a.event_ids.filter((id) => !events.some((e) => e.id === id));
    if (fremd.length)
      throw DomainError.invalid(
        'EVENT_FREMD',
        `Die Veranstaltungen ${fremd.join(', ')} gehören nicht zu diesem Seminar.`,
      );
    return a.event_ids.length ? a.event_ids : [null];
  }
}
