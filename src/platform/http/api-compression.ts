/**
 * API answers compressed on the way out (issue 33): a year's seminars with their events are about
 * 2 MB of JSON, a twentieth of that as brotli. Only whole answers (res.send / res.json: the body is
 * at hand when the answer ends) of at least KOMPRIMIEREN_AB_BYTES and of a text type (JSON, CSV,
 * text); streamed downloads and files (PDF, ZIP) go as they are. The client's own files are
 * compressed once at build (client-files.ts), never per request.
 *
 * Compressed in one synchronous call at the fastest levels: measured at concurrency 16
 * (bench/README.md, "Compression of API answers"), the `compression` middleware's zlib streams
 * added about 250 µs to every compressed answer, also a 1.8 KB one, and brotli's default quality 4
 * took 19 ms for the 2 MB list where quality 1 takes 3.5 ms for a third more bytes.
 */
import type { Request, RequestHandler, Response } from 'express';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers fit into a packet or two as they are. */
export const KOMPRIMIEREN_AB_BYTES = 1024;
const TEXTARTEN = /^(application\/json|text\/)/;

const KODIERUNGEN = [
  {
    name: 'br',
    packe: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  },
  { name: 'gzip', packe: (body: Buffer) => gzipSync(body, { level: 1 }) },
] as const;

/** Ours is the preference among what the client takes: browsers list gzip before br. */
const kodierungFuer = (req: Request) => KODIERUNGEN.find(({ name }) => req.acceptsEncodings(name) === name);

function lohntSich(req: Request, res: Response, body: unknown): body is string | Buffer {
  if (req.method === 'HEAD' || res.getHeader('Content-Encoding')) return false;
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return false;
  if (Buffer.byteLength(body) < KOMPRIMIEREN_AB_BYTES) return false;
  return TEXTARTEN.test(String(res.getHeader('Content-Type') ?? ''));
}

export function apiCompression(): RequestHandler {
  return (req, res, next) => {
    if (!req.headers['accept-encoding']) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((body?: unknown, ...rest: unknown[]) => {
      // A streamed answer has sent its headers already; it goes as it is.
      if (res.headersSent) return end(body, ...rest);
      res.vary('Accept-Encoding');
      if (!lohntSich(req, res, body)) return end(body, ...rest);
      const kodierung = kodierungFuer(req);
      if (!kodierung) return end(body, ...rest);
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8';
      const gepackt = kodierung.packe(typeof body === 'string' ? Buffer.from(body, encoding) : body);
      res.setHeader('Content-Encoding', kodierung.name);
      res.setHeader('Content-Length', gepackt.length);
      return end(gepackt, ...rest.filter((arg) => typeof arg === 'function'));
    }) as Response['end'];
    next();
  };
}
