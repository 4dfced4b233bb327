#!/usr/bin/env node
/**
 * The peer of bench/api/lists.mjs, in a process of its own: the usual NestJS CRUD way — plain
 * TypeORM `find` with `select` and `relations` (calls.mjs) on the app's own entities and its own
 * connection options (dist), behind a plain node:http server — fetching what the app answers: the
 * app's visible columns (BENCH_SCHEMA, so never the password hash) and the included associations'
 * attributes. Answers the client's exact URLs; prints `READY <port>`.
 *
 * Environment (set by lists.mjs): BENCH_DIST, BENCH_DB, BENCH_PARAMS, BENCH_SCHEMA.
 */
import http from 'node:http';
import { join } from 'node:path';
import { callsByUrl } from './calls.mjs';
import { distLoader, projectRequire } from './lib.mjs';

const dist = process.env.BENCH_DIST;
const params = JSON.parse(process.env.BENCH_PARAMS);
const calls = callsByUrl(params);
const load = distLoader(dist);
const typeorm = projectRequire('typeorm');
const { parseDatabaseUrl } = load('src/config/env.js');
const { dataSourceOptions } = load('src/platform/database/data-source.js');

const dataSource = new typeorm.DataSource(
  dataSourceOptions(parseDatabaseUrl(process.env.BENCH_DB), [join(dist, 'src/**/*.entity.js')]),
);
await dataSource.initialize();

const schema = JSON.parse(process.env.BENCH_SCHEMA);
const pick = (names) => Object.fromEntries(names.map((name) => [name, true]));
const visible = new Map(Object.entries(schema).map(([table, { columns }]) => [table, pick(columns)]));

/** What the find options in calls.mjs use. */
const t = {
  Like: typeorm.Like,
  IsNull: typeorm.IsNull,
  MoreThanOrEqual: typeorm.MoreThanOrEqual,
  LessThan: typeorm.LessThan,
  And: typeorm.And,
  In: typeorm.In,
  /** `select` of the columns the app answers of `table` (its visible fields). */
  cols(table) {
    const columns = visible.get(table);
    if (!columns) throw new Error(`Tabelle ${table} fehlt in BENCH_SCHEMA`);
    return columns;
  },
  /** `select` of these columns. */
  pick,
  /**
   * The page and its count at the same time. Not the repository's findAndCount: with `select` it
   * counts COUNT(DISTINCT <every selected column>), which on MariaDB skips each row with a NULL
   * among them; `count` with the same `where` counts COUNT(1), or COUNT(DISTINCT id) when the
   * where joins an association.
   */
  async findAndCount(entity, options) {
    const repository = dataSource.getRepository(entity);
    const [rows, count] = await Promise.all([
      repository.find(options),
      repository.count({ where: options.where }),
    ]);
    return { count, rows };
  },
  find: (entity, options) => dataSource.getRepository(entity).find(options),
};

const server = http.createServer(async (req, res) => {
  const call = calls.get(req.url);
  try {
    if (!call) throw Object.assign(new Error(`Unbekannter Aufruf ${req.url}`), { status: 404 });
    const body = JSON.stringify(await call.peer(t, params));
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
