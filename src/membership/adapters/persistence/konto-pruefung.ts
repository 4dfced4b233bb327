import { EntityManager, Not } from 'typeorm';
import { istAktiverAdmin, KontoStand, pruefeKontoAenderung } from '../../domain/mitarbeiter-konto';
import { Benutzer } from './benutzer.entity';

/**
 * Runs the staff-account rule (domain/mitarbeiter-konto.ts) for a change from `vorher` to `nachher`
 * inside the writing transaction: whether the actor has the admin right (read from the database;
 * `actorId` null is system work, which has it) and how many other active administrators exist.
 */
/** Whether the acting member of staff has the admin right now; system work (`null`) has it. */
export async function handelnderIstAdmin(manager: EntityManager, actorId: number | null): Promise<boolean> {
  if (actorId === null) return true;
  const handelnder = await manager.findOne(Benutzer, {
    where: { id: actorId },
    select: { id: true, atr_verband_admin: true },
  });
  return Boolean(handelnder?.atr_verband_admin);
}

export async function pruefeKonto(
  manager: EntityManager,
  actorId: number | null,
  vorher: (KontoStand & { id?: number }) | undefined,
  nachher: KontoStand | null,
): Promise<void> {
  const istAdmin = await handelnderIstAdmin(manager, actorId);
  const weitereAktiveAdmins =
    vorher?.id !== undefined && istAktiverAdmin(vorher)
      ? await manager.count(Benutzer, {
          where: {
            id: Not(vorher.id),
            atr_verband_admin: true,
            atr_verband_mitarbeiter: true,
            aktiviert: true,
          },
        })
      : 0;
  pruefeKontoAenderung(vorher, nachher, { istAdmin, weitereAktiveAdmins });
}
