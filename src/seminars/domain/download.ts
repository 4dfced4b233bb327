/**
 * How an uploaded download is stored (spec 000 §3, 001 §9): under a new unguessable name that keeps
 * a harmless extension, so that links never collide and never reveal or trust the uploaded name.
 */
import { DomainError } from '../../shared/domain-error';

/** The extension of an uploaded name, lower case, letters and digits only (at most 10), or ''. */
export function downloadExtension(originalName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(originalName.trim());
  return match ? match[1].toLowerCase() : '';
}

/** `random` is a hex string from a cryptographic source. */
export function downloadFileName(random: string, extension: string): string {
  return extension ? `${random}.${extension}` : random;
}

/** The record fields of the upload's `data` part; a part that is no JSON object is refused. */
export function downloadFelder(data: unknown): Record<string, unknown> {
  if (data === undefined || data === '') return {};
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      throw DomainError.invalid('INVALID_DATA', 'Die Angaben zur Datei sind kein gültiges JSON.');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw DomainError.invalid('INVALID_DATA', 'Die Angaben zur Datei müssen ein Objekt sein.');
  const felder = { ...(value as Record<string, unknown>) };
  // The server decides where and how the file is stored.
  for (const system of ['id', 'file_name', 'size', 'ext', 'createdAt', 'updatedAt']) delete felder[system];
  return felder;
}
