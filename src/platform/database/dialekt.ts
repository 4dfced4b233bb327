/**
 * Which of the two databases a connection talks to: MySQL/MariaDB (row locks, GET_LOCK,
 * information_schema) or the embedded SQLite (one writer at a time). The one place that asks.
 */
import type { DataSource } from 'typeorm';

export const istMysql = (dataSource: Pick<DataSource, 'options'>): boolean =>
  dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
