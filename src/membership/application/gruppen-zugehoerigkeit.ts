/** What membership offers other contexts about groups: which user groups a Benutzer belongs to. */
import { IsNull, type EntityManager } from 'typeorm';
import { teilnehmerGruppenSuche } from '../../../common/newsletter';
import { BenutzerBenutzerGruppe, BenutzerGruppe } from '../adapters/persistence/benutzer-gruppe.entity';

/** The ids of the groups the Benutzer is a member of (as a Benutzer, not by e-mail). */
export async function gruppenVon(manager: EntityManager, benutzerId: number): Promise<number[]> {
  const rows = await manager.find(BenutzerBenutzerGruppe, {
    select: { benutzer_gruppe_id: true },
    where: { benutzer_id: benutzerId },
  });
  return rows.map((r) => r.benutzer_gruppe_id);
}

/**
 * The Teilnehmer group of an event, else of a seminar (spec 002 §5, the same search as the
 * newsletter window's shortcut), or null when there is none.
 */
export async function teilnehmerGruppe(
  manager: EntityManager,
  ziel: { veranstaltung_id: number | null; veranstaltung_event_id: number | null },
): Promise<number | null> {
  const suche = teilnehmerGruppenSuche(ziel);
  if (!suche) return null;
  const where = Object.fromEntries(
    Object.entries(suche.where).map(([feld, wert]) => [feld, wert === null ? IsNull() : wert]),
  );
  const gruppe = await manager.findOne(BenutzerGruppe, { select: { id: true }, where, order: { id: 'ASC' } });
  return gruppe?.id ?? null;
}
