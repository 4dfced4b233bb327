/**
 * What billing offers the seminars context (issue 10), run in the caller's transaction: a new
 * seminar's debtor number from its type's debtor circle, and whether bookings name a seminar or
 * an event (then it must not be deleted: bookings are financial history).
 */
import type { EntityManager } from 'typeorm';
import { RwDebitorKreis } from '../adapters/persistence/rw-kreis.entity';
import { RwTransaction } from '../adapters/persistence/rw-transaction.entity';
import { naechsteNummer } from '../domain/nummernkreis';
import { aktuellSql } from '../domain/vorgang';
import { gesperrt } from './nummernvergabe';

/**
 * The circle's next debtor number (gapless, DESIGN.md §4): the circle row is locked until the
 * caller's transaction ends (`SELECT … FOR UPDATE` on MySQL/MariaDB; SQLite has one writer), so
 * two seminars saved at once get consecutive numbers. Null when the circle does not exist.
 */
export async function naechsteDebitorNummer(manager: EntityManager, kreisId: number): Promise<number | null> {
  const kreis = await gesperrt(
    manager,
    manager.createQueryBuilder(RwDebitorKreis, 'k').where('k.id = :kreisId', { kreisId }),
  ).getOne();
  if (!kreis) return null;
  const { current_nr } = naechsteNummer(kreis, new Date());
  await manager.update(RwDebitorKreis, kreis.id, { current_nr });
  // A debtor number is a plain number: the circle's offset continues an earlier system's numbering.
  return kreis.offset_nr + current_nr;
}

/** How many booking transactions (any version, cancelled too) name the seminar or one of its events. */
export async function buchungenZuSeminar(manager: EntityManager, veranstaltungId: number): Promise<number> {
  return manager
    .createQueryBuilder(RwTransaction, 't')
    .leftJoin('t.Veranstaltung_Event', 'e')
    .where('t.veranstaltung_id = :id OR e.veranstaltung_id = :id', { id: veranstaltungId })
    .getCount();
}

/** How many booking transactions name the event. */
export async function buchungenZuEvent(manager: EntityManager, eventId: number): Promise<number> {
  return manager.count(RwTransaction, { where: { veranstaltung_event_id: eventId } });
}

/** The person of a booking as the seminars' participant lists and certificates need it. */
export interface BuchungsPerson {
  id: number;
  kennnummer: string | null;
  vorname: string | null;
  nachname: string | null;
  titel: string | null;
  firma: string | null;
  anzeigename: string | null;
  ansprache: string | null;
  email: string | null;
  atr_mitglied: boolean;
  berufsbezeichnung: string | null;
  stb_datum: string | null;
  parent: { id: number; kennnummer: string | null; anzeigename: string | null; firma: string | null } | null;
}

/** A current booking of a seminar or one of its events (issue 11). */
export interface SeminarBuchung {
  id: number;
  veranstaltung_event_id: number | null;
  betrag: number | null;
  buchung_typ: string | null;
  /** The name as booked (guests without a Benutzer have only this). */
  teilnehmer: string | null;
  /** Who takes part: the named participant, else the booking person. */
  person: BuchungsPerson | null;
}

const PERSON_SPALTEN = [
  'id',
  'kennnummer',
  'vorname',
  'nachname',
  'titel',
  'firma',
  'anzeigename',
  'ansprache',
  'atr_mitglied',
  'berufsbezeichnung',
  'stb_datum',
] as const;

/**
 * The current bookings (last version, not cancelled) of the seminar and of its events: the
 * participant list's source. One query, the person and the firm joined.
 */
export async function aktuelleSeminarBuchungen(
  manager: EntityManager,
  veranstaltungId: number,
): Promise<SeminarBuchung[]> {
  const query = manager
    .createQueryBuilder(RwTransaction, 't')
    .leftJoin('t.Veranstaltung_Event', 'e')
    .where('(t.veranstaltung_id = :id OR e.veranstaltung_id = :id)', { id: veranstaltungId })
    .andWhere(aktuellSql('t'))
    .andWhere('t.category = :category', { category: 'seminare' })
    .select(['t.id', 't.veranstaltung_event_id', 't.betrag', 't.buchung_typ', 't.teilnehmer']);
  for (const alias of ['tn', 'b']) {
    query
      .leftJoin(alias === 'tn' ? 't.Teilnehmer' : 't.Benutzer', alias)
      .leftJoin(`${alias}.Primaeremail`, `${alias}_mail`)
      .leftJoin(`${alias}.Parent`, `${alias}_parent`)
      .addSelect(PERSON_SPALTEN.map((spalte) => `${alias}.${spalte}`))
      .addSelect([`${alias}_mail.id`, `${alias}_mail.email`])
      .addSelect([
        `${alias}_parent.id`,
        `${alias}_parent.kennnummer`,
        `${alias}_parent.anzeigename`,
        `${alias}_parent.firma`,
      ]);
  }
  const rows = await query.orderBy('t.id', 'ASC').getMany();
  return rows.map((t) => {
    const b = t.Teilnehmer ?? t.Benutzer;
    return {
      id: t.id,
      veranstaltung_event_id: t.veranstaltung_event_id,
      betrag: t.betrag,
      buchung_typ: t.buchung_typ,
      teilnehmer: t.teilnehmer,
      person: b
        ? ({
            ...Object.fromEntries(PERSON_SPALTEN.map((spalte) => [spalte, b[spalte]])),
            email: b.Primaeremail?.email ?? null,
            parent: b.Parent
              ? {
                  id: b.Parent.id,
                  kennnummer: b.Parent.kennnummer,
                  anzeigename: b.Parent.anzeigename,
                  firma: b.Parent.firma,
                }
              : null,
          } as BuchungsPerson)
        : null,
    };
  });
}
