/** What membership offers other contexts to address one Benutzer by mail: name, salutation, address. */
import { In, type EntityManager } from 'typeorm';
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
  return benutzer && anschreiben(benutzer);
}

/** The Benutzer with these ids, by id (a mail run addresses many at once). */
export async function anschreibenNachIds(
  manager: EntityManager,
  ids: number[],
): Promise<Map<number, Anschreiben>> {
  if (ids.length === 0) return new Map();
  const rows = await manager.find(Benutzer, { where: { id: In(ids) }, relations: { Primaeremail: true } });
  return new Map(rows.map((benutzer) => [benutzer.id, anschreiben(benutzer)]));
}

function anschreiben(benutzer: Benutzer): Anschreiben {
  return {
    benutzer_id: benutzer.id,
    kennnummer: benutzer.kennnummer,
    anzeigename: benutzer.anzeigename,
    ansprache: benutzer.ansprache,
    email: benutzer.Primaeremail?.email ?? null,
  };
}

/**
 * One-click unsubscribe from a newsletter (RFC 8058): the Benutzer gets no more newsletters.
 * True when this changed something (a second click changes nothing).
 */
export async function newsletterAbbestellen(manager: EntityManager, benutzerId: number): Promise<boolean> {
  const result = await manager.update(
    Benutzer,
    { id: benutzerId, atr_kein_newsletter: false },
    { atr_kein_newsletter: true },
  );
  return Boolean(result.affected);
}
