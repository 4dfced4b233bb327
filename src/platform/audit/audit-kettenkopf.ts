/**
 * Appends audit rows to the one chain (issue 29, audit-kette.ts). The head row `audit_kette` is
 * locked by an UPDATE before anything is read from it: on MariaDB that is InnoDB's row lock, on
 * SQLite the database's one write lock; either is held until the caller's transaction ends, so
 * two app processes appending at once queue up and never chain onto the same row. AuditTrail
 * appends a transaction's entries only just before it commits, so the lock is held briefly and
 * only after the transaction took all its other locks (no lock-order cycle with them).
 */
import { Injectable } from '@nestjs/common';
import { And, type EntityManager, LessThanOrEqual, MoreThan } from 'typeorm';
import { KETTENANFANG, kettenHash } from './audit-kette';
import { Audit, AuditKettenKopfZeile } from './audit.entity';

export type NeueAuditZeile = Omit<Audit, 'id' | 'hash' | 'vorgaenger_hash'>;

const KOPF = 1;
const STAPEL = 500;

@Injectable()
export class AuditKettenKopf {
  /** Appends `zeilen` in this order to the chain, in the caller's transaction. */
  async anhaengen(manager: EntityManager, zeilen: readonly NeueAuditZeile[]): Promise<void> {
    if (zeilen.length === 0) return;
    const kopf = await this.sperren(manager);
    while (!(await this.altbestandVerketten(manager, kopf)));
    let vorher = kopf.letzter_hash ?? KETTENANFANG;
    // Rows are appended only here, under the head's lock, so the next ids follow the last one: each
    // row goes in once, with its id and hash, instead of an insert, a read back and an update. A
    // row inserted past the application is passed over (and reported by the check, unchained).
    let letzte = Math.max(kopf.letzte_id ?? 0, kopf.hoechsteId);
    const verkettet = zeilen.map((zeile) => {
      const id = ++letzte;
      const hash = kettenHash(vorher, { ...zeile, id });
      const vorgaenger_hash = vorher;
      vorher = hash;
      return { ...zeile, id, hash, vorgaenger_hash };
    });
    for (let i = 0; i < verkettet.length; i += STAPEL)
      await manager
        .createQueryBuilder()
        .insert()
        .into(Audit)
        .values(verkettet.slice(i, i + STAPEL))
        .updateEntity(false)
        .execute();
    await manager.update(AuditKettenKopfZeile, { id: KOPF }, { letzte_id: letzte, letzter_hash: vorher });
  }

  /**
   * Chains the rows written before the chain existed, one batch per transaction; answers once
   * none are left. Run at start-up (AuditModule), before the app serves, by every process: the
   * lock makes the second wait and find them done.
   */
  async altbestandNachholen(manager: EntityManager): Promise<void> {
    for (let fertig = false; !fertig;)
      fertig = await manager.transaction(async (m) => this.altbestandVerketten(m, await this.sperren(m)));
  }

  /** The head, locked for the rest of the transaction, with the highest audit id there is. */
  private async sperren(manager: EntityManager): Promise<AuditKettenKopfZeile & { hoechsteId: number }> {
    await manager
      .createQueryBuilder()
      .update(AuditKettenKopfZeile)
      .set({ stand: () => 'stand + 1' })
      .where('id = :id', { id: KOPF })
      .execute();
    const { entities, raw } = await manager
      .createQueryBuilder(AuditKettenKopfZeile, 'k')
      .addSelect((unter) => unter.select('MAX(a.id)').from(Audit, 'a'), 'hoechste_id')
      .where('k.id = :id', { id: KOPF })
      .getRawAndEntities<{ hoechste_id: number | string | null }>();
    if (!entities[0]) throw new Error('Der Kopf der Audit-Kette (audit_kette, id 1) fehlt.');
    return Object.assign(entities[0], { hoechsteId: Number(raw[0].hoechste_id ?? 0) });
  }

  /** Chains the next batch of old rows onto `kopf` (updated in place); true when none are left. */
  private async altbestandVerketten(manager: EntityManager, kopf: AuditKettenKopfZeile): Promise<boolean> {
    const bis = kopf.altbestand_bis;
    if (bis === null) return true;
    const zeilen = await manager.find(Audit, {
      where: { id: And(MoreThan(kopf.letzte_id ?? 0), LessThanOrEqual(bis)) },
      order: { id: 'ASC' },
      take: STAPEL,
    });
    let vorher = kopf.letzter_hash ?? KETTENANFANG;
    for (const zeile of zeilen) {
      const hash = kettenHash(vorher, zeile);
      await manager.update(Audit, { id: zeile.id }, { hash, vorgaenger_hash: vorher });
      kopf.letzte_id = zeile.id;
      kopf.letzter_hash = vorher = hash;
    }
    if (zeilen.length < STAPEL) kopf.altbestand_bis = null;
    await manager.update(
      AuditKettenKopfZeile,
      { id: KOPF },
      { letzte_id: kopf.letzte_id, letzter_hash: kopf.letzter_hash, altbestand_bis: kopf.altbestand_bis },
    );
    return kopf.altbestand_bis === null;
  }
}
