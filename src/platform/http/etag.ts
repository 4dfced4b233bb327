import { hash } from 'node:crypto';

/**
 * Express's weak ETag for an answer — `W/"<length in hex>-<SHA-1, base64, 27 characters>"`, the
 * format of the `etag` package it uses by default — computed with one `crypto.hash` call instead of
 * a Hash object per answer (DESIGN.md: every GET answers with an ETag).
 */
export function weakEtag(body: Buffer | string, encoding?: BufferEncoding): string {
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  return `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
