#!/usr/bin/env node
/**
 * The floor of bench/api/lists.mjs, in a process of its own: the leanest hand-written code for the
 * same answer — the rows of each call fetched with mysql2 (the SQL is in calls.mjs, built once at
 * start) behind a plain node:http server, so that HTTP and JSON cost the same as in the app.
 * Answers the client's exact URLs; prints `READY <port>`.
 *
 * Lean where the app is lean too: mysql2's callback pool without a stack trace per query (the
 * app's reads go the same way, src/platform/database/plain-reads.ts), datetimes read as their
 * stored UTC text and answered as the ISO text JSON gives a Date (no Date per value), a counted
 * page's COUNT(*) sent at the same time as the page on a second connection, and nothing done per
 * request but the queries and the rows' JSON types.
 *
 * Environment (set by lists.mjs): BENCH_DB (database URL), BENCH_PARAMS (the chosen ids),
 * BENCH_SCHEMA ({table: {columns, json, booleans}}: the app's visible, JSON and boolean fields per
 * table, so that the answer has the app's JSON types).
 */
import http from 'node:http';
import { callsByUrl } from './calls.mjs';
import { benchDatabase, floorPool, projectRequire } from './lib.mjs';

const db = benchDatabase(process.env.BENCH_DB);
const params = JSON.parse(process.env.BENCH_PARAMS);
const schema = JSON.parse(process.env.BENCH_SCHEMA);
const pool = floorPool(db, { callbacks: true, dateStrings: true });
const { Types } = projectRequire('mysql2');
const DATETIMES = new Set([Types.DATETIME, Types.TIMESTAMP]);

const id = (name) => `\`${name.replace(/`/g, '')}\``;
const tableOf = (table) => {
  if (!schema[table]) throw new Error(`Tabelle ${table} fehlt in BENCH_SCHEMA`);
  return schema[table];
};

/** Stored UTC text 'YYYY-MM-DD HH:MM:SS[.ffffff]' as JSON writes a Date: 'YYYY-MM-DDTHH:MM:SS.mmmZ'. */
const iso = (text) =>
  text.length >= 23
    ? `${text.slice(0, 10)}T${text.slice(11, 23)}Z`
    : `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.slice(20).padEnd(3, '0')}Z`;

/**
 * A statement prepared once: `(values, context) => Promise` of `shape(rows, context)`, the rows
 * (with `nestTables`: one object per table alias, computed columns under '') with their datetimes
 * turned into the answer's text.
 */
function statement(sql, nestTables, shape) {
  const options = { sql, nestTables };
  let dates; // [alias, column] of the datetime columns, from the first answer's field list
  return (values = [], context = undefined) =>
    new Promise((resolve, reject) => {
      pool.query(options, values, (error, raw, fields) => {
        if (error) return reject(error);
        dates ??= fields.filter((f) => DATETIMES.has(f.columnType)).map((f) => [f.table, f.name]);
        if (dates.length) {
          for (const parts of raw) {
            for (const [alias, column] of dates) {
              const part = nestTables ? parts[alias] : parts;
              if (part[column] !== null) part[column] = iso(part[column]);
            }
          }
        }
        resolve(shape(raw, context));
      });
    });
}

/**
 * JSON text to values, TINYINT 0/1 to booleans, as the app answers them (of the columns selected;
 * a table the app answers no whole rows of has none here).
 */
function typer(table) {
  const { json = [], booleans = [] } = schema[table] ?? {};
  if (json.length === 0 && booleans.length === 0) return () => undefined;
  return (row) => {
    for (const column of json) if (typeof row[column] === 'string') row[column] = JSON.parse(row[column]);
    for (const column of booleans) {
      const value = row[column];
      if (value !== null && value !== undefined) row[column] = value === 1;
    }
  };
}

/** The hand-written helpers the floor SQL in calls.mjs uses; each prepares its statement once. */
const f = {
  /** All visible columns of `table` (what the app answers), qualified by `alias`. */
  cols: (alias, table) =>
    tableOf(table)
      .columns.map((c) => `${alias}.${id(c)}`)
      .join(', '),
  pick: (alias, names) => [...new Set(names)].map((c) => `${alias}.${id(c)}`).join(', '),
  /** `(values) => Promise<number>` of `SELECT COUNT(*) AS n …`. */
  count: (sql) => statement(sql, false, (raw) => Number(raw[0].n)),
  /**
   * `(values) => Promise<rows>`: root rows (alias r) with the to-one includes of `toOne`
   * ({alias: 'Assoc'} or, nested below an earlier one, 'Assoc.Sub') under their association names.
   */
  rows(sql, table, toOne = {}) {
    const typed = typer(table);
    const includes = Object.entries(toOne).map(([alias, path]) => {
      const names = path.split('.');
      return { alias, owner: names.slice(0, -1), key: names[names.length - 1] };
    });
    return statement(sql, true, (raw) =>
      raw.map((parts) => {
        const row = parts.r;
        typed(row);
        for (const { alias, owner, key } of includes) {
          const target = owner.length ? owner.reduce((object, name) => object?.[name], row) : row;
          if (target) target[key] = parts[alias].id === null ? null : parts[alias];
        }
        return row;
      }),
    );
  },
  /**
   * `(rows) => Promise<rows>`: one query for a to-many include of exactly these rows, its rows
   * under `as`. The owner's id comes as a computed column (under '' with nestTables), so the child
   * objects stay as mysql2 built them.
   */
  children(as, { select, from, fk, table }) {
    const alias = from.split(/\s+/)[1];
    const typed = typer(table);
    const load = statement(
      `SELECT ${select}, ${alias}.${id(fk)} + 0 AS owner FROM ${from} WHERE ${alias}.${id(fk)} IN (?) ORDER BY ${alias}.id`,
      true,
      (raw, owners) => {
        for (const parts of raw) {
          const child = parts[alias];
          typed(child);
          owners.get(parts[''].owner)[as].push(child);
        }
      },
    );
    return async (rows) => {
      for (const row of rows) row[as] = [];
      if (rows.length === 0) return rows;
      const owners = new Map(rows.map((row) => [row.id, row]));
      await load([[...owners.keys()]], owners);
      return rows;
    };
  },
  /** A counted page: the count and the page at the same time, on two pool connections. */
  counted: (count, rows) => Promise.all([count, rows]).then(([n, page]) => ({ count: n, rows: page })),
};

/** The request handler of each URL, prepared once. */
const handlers = new Map([...callsByUrl(params)].map(([url, call]) => [url, call.floor(f, params)]));

const server = http.createServer(async (req, res) => {
  const handler = handlers.get(req.url);
  try {
    if (!handler) throw Object.assign(new Error(`Unbekannter Aufruf ${req.url}`), { status: 404 });
    const body = JSON.stringify(await handler());
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
