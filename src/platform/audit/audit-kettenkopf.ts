/**
 * Appends audit rows to the one chain (issue 29, audit-kette.ts). The head row `audit_kette` is
 * locked as it is read: on MariaDB by a locking read (InnoDB's row lock), on SQLite by an UPDATE
 * first (the database's one write lock); either is held until the caller's transaction ends, so
 * two app processes appending at once queue up and never chain onto the same row. AuditTrail
 * appends a transaction's entries only just before it commits, so the lock is held briefly and
 * only after the transaction took all its other locks (no lock-order cycle with them).
 *
 * Every write transaction ends here, so its statements are written once per process and the rows
 * as one multi-row INSERT (mehrzeilig.ts), not by the query builder per call (issue 33).
 */
import { Injectable } from '@nestjs/common';
import { And, type EntityManager, LessThanOrEqual, MoreThan } from 'typeorm';
import { mehrzeiligesInsert } from '../database/mehrzeilig';
import { KETTENANFANG, kettenHash } from './audit-kette';
import { Audit, AuditKettenKopfZeile } from './audit.entity';
import { istMysql } from '../database/dialekt';

export type NeueAuditZeile = Omit<Audit, 'id' | 'hash' | 'vorgaenger_hash'>;

const KOPF = 1;
const STAPEL = 500;

interface KopfSql {
  /** SQLite only: the UPDATE that takes the write lock before the head is read. */
  sperrenVorher: string | null;
  kopfLesen: string;
  kopfSchreiben: string;
}

function kopfSql(manager: EntityManager): KopfSql {
  const { driver } = manager.connection;
  const q = (name: string) => driver.escape(name);
  const kopf = q(manager.connection.getMetadata(AuditKettenKopfZeile).tableName);
  const audit = q(manager.connection.getMetadata(Audit).tableName);
  const zeilensperre = istMysql(manager.connection);
  const spalten = ['id', 'letzte_id', 'letzter_hash', 'altbestand_bis', 'stand'].map(q).join(', ');
  return {
    sperrenVorher: zeilensperre
      ? null
      : `UPDATE ${kopf} SET ${q('stand')} = ${q('stand')} + 1 WHERE ${q('id')} = ?`,
    kopfLesen:
      `SELECT ${spalten}, (SELECT MAX(${q('id')}) FROM ${audit}) AS ${q('hoechste_id')} FROM ${kopf} ` +
      `WHERE ${q('id')} = ?${zeilensperre ? ' FOR UPDATE' : ''}`,
    kopfSchreiben: `UPDATE ${kopf} SET ${q('letzte_id')} = ?, ${q('letzter_hash')} = ? WHERE ${q('id')} = ?`,
  };
}

@Injectable()
export class AuditKettenKopf {
  private statements: KopfSql | undefined;

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
    const audit = manager.connection.getMetadata(Audit);
    for (let i = 0; i < verkettet.length; i += STAPEL) {
      const { sql, parameter } = mehrzeiligesInsert(
        manager.connection,
        audit,
        verkettet.slice(i, i + STAPEL),
      );
      await manager.query(sql, parameter);
    }
    await manager.query(this.sql(manager).kopfSchreiben, [letzte, vorher, KOPF]);
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
    const sql = this.sql(manager);
    if (sql.sperrenVorher) await manager.query(sql.sperrenVorher, [KOPF]);
    const [kopf] = (await manager.query(sql.kopfLesen, [KOPF])) as Record<string, unknown>[];
    if (!kopf) throw new Error('Der Kopf der Audit-Kette (audit_kette, id 1) fehlt.');
    const zahl = (wert: unknown) => (wert == null ? null : Number(wert));
    return {
      id: KOPF,
      letzte_id: zahl(kopf.letzte_id),
      letzter_hash: (kopf.letzter_hash as string | null) ?? null,
      altbestand_bis: zahl(kopf.altbestand_bis),
      stand: Number(kopf.stand),
      hoechsteId: zahl(kopf.hoechste_id) ?? 0,
    };
  }

  /** The head's statements for the database of `manager`, written at the first append. */
  private sql(manager: EntityManager): KopfSql {
    return (this.statements ??= kopfSql(manager));
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
