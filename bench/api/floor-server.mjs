#!/usr/bin/env node
/**
 * The floor of bench/api/lists.mjs, in a process of its own: the rows of each call fetched by
 * hand with mysql2 (the SQL is in calls.mjs) behind a plain node:http server, so that HTTP and
 * JSON cost the same as in the app. Answers the client's exact URLs; prints `READY <port>`.
 *
 * Environment (set by lists.mjs): BENCH_DB (database URL), BENCH_PARAMS (the chosen ids),
 * BENCH_SCHEMA ({table: {columns, json, booleans}}: the app's visible, JSON and boolean fields per
 * table, so that the answer has the app's JSON types).
 */
import http from 'node:http';
import { callsByUrl } from './calls.mjs';
import { benchDatabase, floorPool } from './lib.mjs';

const db = benchDatabase(process.env.BENCH_DB);
const params = JSON.parse(process.env.BENCH_PARAMS);
const schema = JSON.parse(process.env.BENCH_SCHEMA);
const calls = callsByUrl(params);
const pool = floorPool(db);

const id = (name) => `\`${name.replace(/`/g, '')}\``;
const tableOf = (table) => {
  if (!schema[table]) throw new Error(`Tabelle ${table} fehlt in BENCH_SCHEMA`);
  return schema[table];
};
/** JSON text to values, TINYINT 0/1 to booleans, as the app answers them. */
const typed = (row, table) => {
  const { json, booleans } = tableOf(table);
  for (const column of json) if (typeof row[column] === 'string') row[column] = JSON.parse(row[column]);
  for (const column of booleans)
    if (row[column] !== null && row[column] !== undefined) row[column] = row[column] === 1;
};

/** The hand-written helpers the floor SQL in calls.mjs uses. */
const f = {
  /** All visible columns of `table` (what the app answers), qualified by `alias`. */
  cols: (alias, table) =>
    tableOf(table)
      .columns.map((c) => `${alias}.${id(c)}`)
      .join(', '),
  pick: (alias, names) => [...new Set(names)].map((c) => `${alias}.${id(c)}`).join(', '),
  async count(sql, values = []) {
    const [[row]] = await pool.query(sql, values);
    return Number(row.n);
  },
  /**
   * Root rows (alias r) with the to-one includes of `toOne` ({alias: 'Assoc'} or, nested below an
   * earlier one, 'Assoc.Sub') under their association names.
   */
  async rows(sql, values, table, toOne = {}) {
    const [raw] = await pool.query({ sql, nestTables: true }, values);
    return raw.map((parts) => {
      const row = parts.r;
      typed(row, table);
      for (const [alias, path] of Object.entries(toOne)) {
        const names = path.split('.');
        const owner = names.slice(0, -1).reduce((object, name) => object?.[name], row);
        if (owner) owner[names[names.length - 1]] = parts[alias].id === null ? null : parts[alias];
      }
      return row;
    });
  },
  /** One query for a to-many include of exactly these rows. */
  async children(rows, as, { select, from, fk }) {
    const owners = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) row[as] = [];
    if (owners.size === 0) return;
    const [table, alias] = from.split(/\s+/);
    const [raw] = await pool.query(
      `SELECT ${select}, ${alias}.${id(fk)} AS __owner FROM ${from} WHERE ${alias}.${id(fk)} IN (?) ORDER BY ${alias}.id`,
      [[...owners.keys()]],
    );
    for (const child of raw) {
      const owner = owners.get(child.__owner);
      delete child.__owner;
      if (schema[table]) typed(child, table);
      owner[as].push(child);
    }
  },
};

const server = http.createServer(async (req, res) => {
  const call = calls.get(req.url);
  try {
    if (!call) throw Object.assign(new Error(`Unbekannter Aufruf ${req.url}`), { status: 404 });
    const body = JSON.stringify(await call.floor(f, params));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  } catch (error) {
    res.writeHead(error.status ?? 500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ statusCode: error.status ?? 500, message: String(error.message) }));
  }
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(`READY ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
