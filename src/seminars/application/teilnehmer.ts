/**
 * Participant lists and participation (spec 002 §2–§4, issue 11): the list computed from the
 * current bookings, absences recorded per seminar or per event, and the seminars' and events'
 * teilnehmer_count recounted whenever either changes: after an absence here, and after billing
 * announces a changed booking (`buchung.geaendert`, heard in adapters/events/buchungen.listener.ts).
 * The bookings themselves come from billing's read port SeminarBuchungen.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { SeminarBuchungen } from '../../billing/application/ports/seminar-buchungen';
import { jeIdSetzen } from '../../platform/database/je-id';
import { alsTransaktion } from '../../platform/database/transaktion';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { DomainError } from '../../shared/domain-error';
import type { BuchungGeaendert } from '../../shared/ereignisse';
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
  buchungen: SeminarBuchungen,
  veranstaltungId: number,
  { eventId }: { eventId?: number } = {},
): Promise<SeminarTeilnehmer> {
  const [geladen] = await ladeTeilnehmerAller(manager, buchungen, [veranstaltungId], eventId);
  if (!geladen) throw seminarFehlt(veranstaltungId);
  return geladen;
}

/** Seminars read at once, so that many of them cost four reads, not four each. */
const JE_LESUNG = 500;

/**
 * These seminars (in this order; those that do not exist left out), each with its events by date
 * and its participant list (of the event `eventId`, which each must have), read in `manager`.
 */
export async function ladeTeilnehmerAller(
  manager: EntityManager,
  buchungen: SeminarBuchungen,
  veranstaltungIds: number[],
  eventId?: number,
): Promise<SeminarTeilnehmer[]> {
  const geladen: SeminarTeilnehmer[] = [];
  for (let i = 0; i < veranstaltungIds.length; i += JE_LESUNG) {
    const ids = veranstaltungIds.slice(i, i + JE_LESUNG);
    const seminare = new Map(
      (
        await manager.find(Veranstaltung, { where: { id: In(ids) }, relations: { Fachberatermarke: true } })
      ).map((v) => [v.id, v]),
    );
    if (seminare.size === 0) continue;
    const alleEvents = await manager.find(VeranstaltungEvent, {
      where: { veranstaltung_id: In([...seminare.keys()]) },
      order: { datum: 'ASC', beginn: 'ASC', id: 'ASC' },
    });
    const events = new Map(
      [...seminare.keys()].map((id) => [id, alleEvents.filter((e) => e.veranstaltung_id === id)]),
    );
    for (const [id, eigene] of events)
      if (eventId !== undefined && !eigene.some((e) => e.id === eventId))
        throw DomainError.notFound(
          'EVENT_NICHT_GEFUNDEN',
          `Veranstaltung ${eventId} gehört nicht zum Seminar ${id}.`,
        );
    const listen = await teilnehmerVon(
      manager,
      buchungen,
      new Map([...events].map(([id, eigene]) => [id, eigene.map((e) => e.id)])),
      { eventId },
    );
    for (const id of ids) {
      const seminar = seminare.get(id);
      if (seminar) geladen.push({ seminar, events: events.get(id)!, liste: listen.get(id)! });
    }
  }
  return geladen;
}

/**
 * The participant lists of seminars, each by its id with its events' ids (of one event of them:
 * `eventId`), read at once.
 */
async function teilnehmerVon(
  manager: EntityManager,
  buchungen: SeminarBuchungen,
  seminare: Map<number, number[]>,
  { eventId }: { eventId?: number },
): Promise<Map<number, TeilnehmerZeile[]>> {
  const aktuelle = await buchungen.aktuelleSeminarBuchungen(alsTransaktion(manager), seminare);
  const nicht = await nichtTeilnahmen(manager, [...seminare.keys()]);
  return new Map(
    [...seminare].map(([id, eventIds]) => [
      id,
      teilnehmerListe(aktuelle.get(id)!, nicht.get(id)!, eventIds, eventId),
    ]),
  );
}

/** The absences recorded for each of these seminars (every id a key). */
async function nichtTeilnahmen(
  manager: EntityManager,
  ids: number[],
): Promise<Map<number, VeranstaltungNichtTeilnahme[]>> {
  const je = new Map(ids.map((id) => [id, [] as VeranstaltungNichtTeilnahme[]]));
  const zeilen = await manager.find(VeranstaltungNichtTeilnahme, {
    select: { id: true, benutzer_id: true, veranstaltung_id: true, veranstaltung_event_id: true },
    where: { veranstaltung_id: In(ids) },
  });
  for (const zeile of zeilen) je.get(zeile.veranstaltung_id)?.push(zeile);
  return je;
}

/**
 * Writes the counts of the seminars and their events where they changed, one statement for the
 * seminars and one for the events; a seminar no longer there has none. Reads only what counting
 * needs (who takes part in what), not the persons the participant list shows, for all the seminars
 * at once; a booking about to be deleted (`ohneBuchung`) no longer counts.
 */
export async function aktualisiereTeilnehmerzahlen(
  manager: EntityManager,
  buchungen: SeminarBuchungen,
  veranstaltungIds: number[],
  ohneBuchung?: number,
): Promise<void> {
  if (veranstaltungIds.length === 0) return;
  // The seminars with their events' counts, in one read.
  const seminare = await manager.find(Veranstaltung, {
    select: { id: true, teilnehmer_count: true, Veranstaltung_Events: { id: true, teilnehmer_count: true } },
    relations: { Veranstaltung_Events: true },
    where: { id: In(veranstaltungIds) },
    order: { id: 'ASC', Veranstaltung_Events: { id: 'ASC' } },
  });
  if (seminare.length === 0) return;
  const events = new Map(seminare.map((v) => [v.id, v.Veranstaltung_Events]));
  const mitEvents = new Map([...events].map(([id, eigene]) => [id, eigene.map((e) => e.id)]));
  const aktuelle = await buchungen.aktuelleSeminarTeilnahmen(alsTransaktion(manager), mitEvents);
  const nicht = await nichtTeilnahmen(manager, [...mitEvents.keys()]);
  const seminarZahlen = new Map<number, number>();
  const eventZahlen = new Map<number, number>();
  for (const seminar of seminare) {
    const zahlen = teilnehmerZahlen(
      aktuelle.get(seminar.id)!.filter((b) => b.id !== ohneBuchung),
      nicht.get(seminar.id)!,
      mitEvents.get(seminar.id)!,
    );
    if (seminar.teilnehmer_count !== zahlen.seminar) seminarZahlen.set(seminar.id, zahlen.seminar);
    for (const event of events.get(seminar.id)!) {
      const zahl = zahlen.events.get(event.id) ?? 0;
      if (event.teilnehmer_count !== zahl) eventZahlen.set(event.id, zahl);
    }
  }
  // A derived count is no edit: it keeps the rows' version and change time, so an edit window open
  // meanwhile can still save (TypeORM raises the version on every update that does not set it).
  const keinEdit = { version: () => 'version', updatedAt: () => 'updatedAt' };
  await jeIdSetzen(manager, Veranstaltung, 'teilnehmer_count', seminarZahlen, keinEdit);
  await jeIdSetzen(manager, VeranstaltungEvent, 'teilnehmer_count', eventZahlen, keinEdit);
}

/**
 * After billing wrote booking transactions (or before it deletes one, named in `geloescht`): the
 * counts of every seminar they name, before and after.
 */
export async function buchungGeaendert(
  manager: EntityManager,
  buchungen: SeminarBuchungen,
  { ziele, geloescht }: BuchungGeaendert,
): Promise<void> {
  const seminare = new Set<number>();
  const eventIds = new Set<number>();
  for (const ziel of ziele) {
    if (ziel.veranstaltung_id !== null) seminare.add(ziel.veranstaltung_id);
    if (ziel.veranstaltung_event_id !== null) eventIds.add(ziel.veranstaltung_event_id);
  }
  if (eventIds.size > 0)
    for (const event of await manager.find(VeranstaltungEvent, {
      select: { id: true, veranstaltung_id: true },
      where: { id: In([...eventIds]) },
    }))
      seminare.add(event.veranstaltung_id);
  await aktualisiereTeilnehmerzahlen(manager, buchungen, [...seminare], geloescht);
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
    private readonly buchungen: SeminarBuchungen,
  ) {}

  liste(veranstaltungId: number, eventId?: number): Promise<SeminarTeilnehmer> {
    return ladeTeilnehmer(this.dataSource.manager, this.buchungen, veranstaltungId, { eventId });
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
      await aktualisiereTeilnehmerzahlen(manager, this.buchungen, [aenderung.veranstaltung_id]);
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
      await aktualisiereTeilnehmerzahlen(manager, this.buchungen, [
        ...new Set(rows.map((r) => r.veranstaltung_id)),
      ]);
      return { deleted: rows.length };
    });
  }

  /** The seminar exists, the Benutzer is booked on it, the events are its own; answers the event ids (null: whole seminar). */
  private async pruefe(manager: EntityManager, a: TeilnahmeAenderung): Promise<(number | null)[]> {
    const { events, liste } = await ladeTeilnehmer(manager, this.buchungen, a.veranstaltung_id);
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
