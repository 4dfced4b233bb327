/** What membership offers other contexts to address one Benutzer by mail: name, salutation, address. */
import type { EntityManager } from 'typeorm';
import { Benutzer } from '../adapters/persistence/benutzer.entity';

export interface Anschreiben {
  benutzer_id: number;
  kennnummer: string | null;
  anzeigename: string | null;
  /** The opening line, 'Sehr geehrter Herr Dr. Müller' (maintained with the Benutzer). */
  ansprache: string | null;
  /** The primary e-mail, null without one. */
  email: string | null;
}

/** The Benutzer with this kennnummer, or null. */
export async function anschreibenNachKennnummer(
  manager: EntityManager,
  kennnummer: string,
): Promise<Anschreiben | null> {
  const benutzer = await manager.findOne(Benutzer, {
    where: { kennnummer },
    relations: { Primaeremail: true },
  });
  if (!benutzer) return null;
  return {
    benutzer_id: benutzer.id,
    kennnummer: benutzer.kennnummer,
    anzeigename: benutzer.anzeigename,
    ansprache: benutzer.ansprache,
    email: benutzer.Primaeremail?.email ?? null,
  };
}
