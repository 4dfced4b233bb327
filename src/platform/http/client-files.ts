/**
 * The built client's files (issue 33). An API path never costs a look on disk (the files are mounted
 * before Nest's routes, which app.init() adds); the hashed assets are sent as the brotli or gzip copies the build wrote beside them
 * (scripts/precompress.mjs) when the browser takes them, and are cached for a year — a new build
 * has new names. index.html is fetched anew each time, so a deploy reaches every browser.
 */
import express, { type RequestHandler } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

const ASSETS = '/assets/';
const YEAR_SECONDS = 365 * 24 * 3600;

/** Precompressed copies, best first: the extension the build writes and the Content-Encoding it names. */
const ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export function clientFiles(dir: string): RequestHandler {
  const assetDir = join(dir, 'assets');
  const present = new Set(existsSync(assetDir) ? readdirSync(assetDir) : []);
  const precompressed: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(ASSETS)) return next();
    const name = req.path.slice(ASSETS.length);
    const available = ENCODINGS.filter(({ extension }) => present.has(name + extension));
    if (!present.has(name) || available.length === 0) return next();
    res.vary('Accept-Encoding');
    // Ours is the preference among what the browser takes: browsers list gzip before br.
    const copy = available.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!copy) return next();
    // Type and encoding of the original; the file sent is its compressed copy.
    res.type(extname(name));
    res.setHeader('Content-Encoding', copy.encoding);
    req.url = `${ASSETS}${name}${copy.extension}`;
    next();
  };
  const files = express.static(dir, {
    index: 'index.html',
    maxAge: '1h',
    setHeaders: (res, path) => {
      if (path.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
      else if (path.startsWith(assetDir))
        res.setHeader('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    },
  });
  return (req, res, next) => {
    if (req.path.startsWith('/node/')) return next();
    precompressed(req, res, (error?: unknown) => (error ? next(error) : files(req, res, next)));
  };
}
