import type { QueryRunner } from 'typeorm';
import { istMysql } from './dialekt';

/**
 * The tables of the connection's own database. TypeORM's `getTables()` without names reads every
 * database on a MySQL server, which is slow on a shared server and breaks on other databases'
 * generated columns; this asks for the current one only.
 */
export async function ownTableNames(runner: QueryRunner): Promise<string[]> {
  const rows: { name: string }[] = istMysql(runner.connection)
    ? await runner.query(
        "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
      )
    : await runner.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  return rows.map((r) => r.name);
}
