/** What membership offers other contexts about groups: which user groups a Benutzer belongs to. */
import type { EntityManager } from 'typeorm';
import { BenutzerBenutzerGruppe } from '../adapters/persistence/benutzer-gruppe.entity';

/** The ids of the groups the Benutzer is a member of (as a Benutzer, not by e-mail). */
export async function gruppenVon(manager: EntityManager, benutzerId: number): Promise<number[]> {
  const rows = await manager.find(BenutzerBenutzerGruppe, {
    select: { benutzer_gruppe_id: true },
    where: { benutzer_id: benutzerId },
  });
  return rows.map((r) => r.benutzer_gruppe_id);
}
