#!/usr/bin/env node
/**
 * The peer of bench/api/lists.mjs, in a process of its own: the usual NestJS CRUD way — a plain
 * TypeORM `findAndCount` / `find` with `relations` (calls.mjs) on the app's own entities and its
 * own connection options (dist), behind a plain node:http server. Answers the client's exact
 * URLs; prints `READY <port>`.
 *
 * Environment (set by lists.mjs): BENCH_DIST, BENCH_DB, BENCH_PARAMS.
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

/** What the find options in calls.mjs use. */
const t = {
  Like: typeorm.Like,
  IsNull: typeorm.IsNull,
  MoreThanOrEqual: typeorm.MoreThanOrEqual,
  LessThan: typeorm.LessThan,
  And: typeorm.And,
  async findAndCount(entity, options) {
    const [rows, count] = await dataSource.getRepository(entity).findAndCount(options);
    return { count, rows };
  },
  find: (entity, options) => dataSource.getRepository(entity).find(options),
};

/**
 * Never answered, as in the app: what a CRUD module drops when serializing (ClassSerializerInterceptor
 * with @Exclude, here without its copies) — the password hash of every Benutzer, included ones too.
 */
function withoutHidden(value, depth = 0) {
  if (Array.isArray(value)) value.forEach((item) => withoutHidden(item, depth));
  else if (value !== null && typeof value === 'object' && depth < 4) {
    if (value.constructor?.name === 'Benutzer') delete value.password;
    for (const child of Object.values(value)) {
      if (child !== null && typeof child === 'object' && !(child instanceof Date))
        withoutHidden(child, depth + 1);
    }
  }
  return value;
}

const server = http.createServer(async (req, res) => {
  const call = calls.get(req.url);
  try {
    if (!call) throw Object.assign(new Error(`Unbekannter Aufruf ${req.url}`), { status: 404 });
    const body = JSON.stringify(withoutHidden(await call.peer(t, params)));
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
