/**
 * The members of user groups in SQL: set-based statements over the two link tables, so that adding,
 * filling and refilling never load all users into memory. Callers run them inside one transaction
 * and lock the group first (`sperren`), which makes concurrent changes of one group take turns.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import type { MitgliedArt } from '../../../../common/gruppen';
import { DomainError } from '../../../shared/domain-error';
import type { SqlBedingung } from '../../domain/auto-regeln';
import type { GruppenInhalt } from '../../domain/gruppen-regeln';
import { BenutzerBenutzerGruppe, BenutzerEmailGruppe, BenutzerGruppe } from './benutzer-gruppe.entity';
import { istMysql } from '../../../platform/database/dialekt';
import { platzhalter } from '../../../platform/database/platzhalter';

/** SQLite's limit of bound parameters is far above this; MySQL packets stay small. */
export const BATCH = 500;

export function inBatches<T>(items: T[], size = BATCH): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** Where a kind of member is linked, and what it points at. */
export const VERKNUEPFUNG = {
  benutzer: {
    entity: BenutzerBenutzerGruppe,
    tabelle: 'benutzer_benutzer_gruppe',
    spalte: 'benutzer_id',
    ziel: 'benutzer',
  },
  email: {
    entity: BenutzerEmailGruppe,
    tabelle: 'benutzer_email_gruppe',
    spalte: 'benutzer_email_id',
    ziel: 'benutzer_email',
  },
} as const;

export type LinkZeile = { id: number; benutzer_gruppe_id: number; createdAt: Date } & Partial<
  Record<'benutzer_id' | 'benutzer_email_id', number>
>;

/** The members a group holds, by kind. */
export async function gruppenInhalt(manager: EntityManager, gruppeId: number): Promise<GruppenInhalt> {
  const where = { benutzer_gruppe_id: gruppeId };
  return {
    benutzer: await manager.count(BenutzerBenutzerGruppe, { where }),
    emails: await manager.count(BenutzerEmailGruppe, { where }),
  };
}

export const gruppeFehlt = (id: number) =>
  DomainError.notFound('GRUPPE_FEHLT', `Die Gruppe ${id} wurde nicht gefunden.`);

@Injectable()
export class GruppenMitglieder {
  constructor(private readonly dataSource: DataSource) {}

  /** For reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  get mysql(): boolean {
    return istMysql(this.dataSource);
  }

  /**
   * A transaction for changing a group's members. MySQL reads committed rows, so that the large
   * INSERT … SELECT of a refill takes no shared locks on the Benutzer it reads; SQLite runs one
   * transaction at a time anyway (platform/database/sqlite-transactions.ts).
   */
  transaktion<T>(arbeit: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.mysql
      ? this.dataSource.transaction('READ COMMITTED', arbeit)
      : this.dataSource.transaction(arbeit);
  }

  /** The group, or 404. */
  async laden(manager: EntityManager, id: number): Promise<BenutzerGruppe> {
    const gruppe = await manager.findOne(BenutzerGruppe, { where: { id } });
    if (!gruppe) throw gruppeFehlt(id);
    return gruppe;
  }

  /**
   * The group under a row lock until the transaction ends (MySQL; SQLite has one writer anyway):
   * two refills or adds of one group run one after the other, each seeing the other's rows.
   */
  async sperren(manager: EntityManager, id: number): Promise<BenutzerGruppe> {
    const query = manager.createQueryBuilder(BenutzerGruppe, 'g').where('g.id = :id', { id });
    const gruppe = await (this.mysql ? query.setLock('pessimistic_write') : query).getOne();
    if (!gruppe) throw gruppeFehlt(id);
    return gruppe;
  }

  /** The ids of `ids` that exist as Benutzer (or e-mails). */
  async vorhanden(manager: EntityManager, art: MitgliedArt, ids: number[]): Promise<Set<number>> {
    const { ziel } = VERKNUEPFUNG[art];
    const gefunden = new Set<number>();
    for (const teil of inBatches(ids)) {
      const rows: { id: number }[] = await manager.query(
        `SELECT id FROM ${ziel} WHERE id IN (${platzhalter(teil)})`,
        teil,
      );
      rows.forEach((row) => gefunden.add(Number(row.id)));
    }
    return gefunden;
  }

  /** The ids of `ids` already linked to the group. */
  async verknuepft(
    manager: EntityManager,
    art: MitgliedArt,
    gruppeId: number,
    ids: number[],
  ): Promise<Set<number>> {
    const { tabelle, spalte } = VERKNUEPFUNG[art];
    const gefunden = new Set<number>();
    for (const teil of inBatches(ids)) {
      const rows: Record<string, unknown>[] = await manager.query(
        `SELECT ${spalte} AS id FROM ${tabelle} WHERE benutzer_gruppe_id = ? AND ${spalte} IN (${platzhalter(teil)})`,
        [gruppeId, ...teil],
      );
      rows.forEach((row) => gefunden.add(Number(row.id)));
    }
    return gefunden;
  }

  /** Links `ids` (none of them linked yet) and answers the new link rows. */
  async verknuepfen(
    manager: EntityManager,
    art: MitgliedArt,
    gruppeId: number,
    ids: number[],
  ): Promise<LinkZeile[]> {
    const { entity, spalte } = VERKNUEPFUNG[art];
    const neu: LinkZeile[] = [];
    for (const teil of inBatches(ids)) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(entity)
        .values(teil.map((id) => ({ benutzer_gruppe_id: gruppeId, [spalte]: id })))
        .updateEntity(false)
        .execute();
      const rows = await manager.find(entity, {
        where: { benutzer_gruppe_id: gruppeId, [spalte]: In(teil) },
        order: { id: 'ASC' },
      });
      neu.push(...(rows as LinkZeile[]));
    }
    return neu;
  }

  /**
   * Links every Benutzer (or its primary e-mail, `quelle`) matching `bedingung` that is not linked
   * yet, in one INSERT … SELECT; answers how many were added.
   */
  async einfuegenAus(
    manager: EntityManager,
    art: MitgliedArt,
    gruppeId: number,
    bedingung: SqlBedingung,
  ): Promise<number> {
    const { tabelle, spalte } = VERKNUEPFUNG[art];
    const quelle = art === 'benutzer' ? 'b.id' : 'b.primaeremail_id';
    const sql =
      `INSERT INTO ${tabelle} (benutzer_gruppe_id, ${spalte}) ` +
      `SELECT DISTINCT ?, ${quelle} FROM benutzer b ` +
      `LEFT JOIN ${tabelle} l ON l.benutzer_gruppe_id = ? AND l.${spalte} = ${quelle} ` +
      `WHERE l.id IS NULL AND ${quelle} IS NOT NULL AND (${bedingung.sql})`;
    return this.geaendert(manager, sql, [gruppeId, gruppeId, ...bedingung.params]);
  }

  /** Unlinks every Benutzer of the group that no longer matches `bedingung`; answers how many. */
  async entfernenAusser(manager: EntityManager, gruppeId: number, bedingung: SqlBedingung): Promise<number> {
    const sql =
      'DELETE FROM benutzer_benutzer_gruppe WHERE benutzer_gruppe_id = ? AND NOT EXISTS ' +
      `(SELECT 1 FROM benutzer b WHERE b.id = benutzer_benutzer_gruppe.benutzer_id AND (${bedingung.sql}))`;
    return this.geaendert(manager, sql, [gruppeId, ...bedingung.params]);
  }

  async alleEntfernen(manager: EntityManager, art: MitgliedArt, gruppeId: number): Promise<number> {
    const { tabelle } = VERKNUEPFUNG[art];
    return this.geaendert(manager, `DELETE FROM ${tabelle} WHERE benutzer_gruppe_id = ?`, [gruppeId]);
  }

  /** Runs a changing statement and answers the number of rows it changed, on both engines. */
  private async geaendert(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
    const result = await manager.queryRunner!.query(sql, params, true);
    return Number(result.affected ?? 0);
  }

  /**
   * A column compared without regard to case: MySQL's collation already does so (and keeps its
   * index usable); SQLite gets the Unicode lower() of data-source.ts.
   */
  ohneGross(spalte: string): string {
    return this.mysql ? spalte : `LOWER(${spalte})`;
  }
}
