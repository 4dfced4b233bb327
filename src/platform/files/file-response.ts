import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { extname } from 'node:path';
import type { FileContent } from './file-storage';

const GERMAN_ASCII: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
};

/** RFC 5987 percent-encoding for `filename*`. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="…"` with an ASCII fallback (umlauts spelt out: Müller → Mueller), plus
 * `filename*=UTF-8''…` with the exact name when it is not plain ASCII.
 */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName
    .replace(/[äöüÄÖÜß]/g, (char) => GERMAN_ASCII[char])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const header = `attachment; filename="${fallback}"`;
  return fallback === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** Types a browser would run as a page of this origin (scripts inside). */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)\b/;

export interface DownloadOptions {
  /** The name the file goes out under (e.g. the one it was uploaded with); its stored name by default. */
  name?: string;
  /** Served as plain bytes when its type is one a browser would run as a page (files from outside). */
  inert?: boolean;
}

/**
 * A file as a download: Content-Disposition `attachment` with its name, the content type of its
 * extension, its length and modification time. For routes with `@Res({ passthrough: true })`.
 */
export function downloadResponse(
  res: Response,
  { entry, stream }: FileContent,
  { name = entry.name, inert = false }: DownloadOptions = {},
): StreamableFile {
  res.type(extname(entry.name) || 'application/octet-stream');
  if (inert && ACTIVE_TYPES.test(String(res.get('Content-Type')))) res.type('application/octet-stream');
  res.setHeader('Content-Disposition', attachmentHeader(name));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Last-Modified', entry.modifiedAt.toUTCString());
  // Files hold members' data too: no browser or proxy keeps a copy.
  res.setHeader('Cache-Control', 'no-store');
  return new StreamableFile(stream, { length: entry.size });
}
