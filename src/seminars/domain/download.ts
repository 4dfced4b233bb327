/**
 * How an uploaded download is stored (spec 000 §3, 001 §9): under a new unguessable name that keeps
 * a harmless extension, so that links never collide and never reveal or trust the uploaded name;
 * and what it may belong to (common/download.ts).
 */
import { DOWNLOAD_BEZUEGE, downloadBezug } from '../../../common/download';
import { enumLabel } from '../../../common/vocabulary';
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

/**
 * The fields that describe the stored file: set by the upload only, read-only everywhere else, so
 * that no record is ever detached from its file (issue 26).
 */
export const DOWNLOAD_DATEIFELDER = ['file_name', 'size', 'ext'] as const;

/**
 * The record fields of the upload's `data` part; a part that is no JSON object is refused. The
 * file fields and system fields in it count for nothing (the writer skips read-only fields).
 */
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
  return value as Record<string, unknown>;
}

/** A record id: a positive whole number (also as digits in a string), else null. */
function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

const erlaubt = (field: string, values: readonly string[]) =>
  `(erlaubt: ${values.map((value) => enumLabel('download', field, value)).join(', ')})`;

/**
 * Relation, record and category of an upload: all three are required and must fit together
 * (a Referent's download is a Bild or Sonstiges). Answers the field errors and the record's id.
 */
export function downloadBezugPruefen(felder: Record<string, unknown>): {
  errors: Record<string, string>;
  relationId: number | null;
} {
  const errors: Record<string, string> = {};
  const fehlt = (value: unknown) => value === undefined || value === null || value === '';
  const bezug = downloadBezug(felder.relation);
  if (fehlt(felder.relation)) errors.relation = 'ist ein Pflichtfeld';
  else if (!bezug)
    errors.relation = `hat einen unzulässigen Wert ${erlaubt('relation', Object.keys(DOWNLOAD_BEZUEGE))}`;

  const relationId = positiveId(felder.relation_id);
  if (fehlt(felder.relation_id)) errors.relation_id = 'ist ein Pflichtfeld';
  else if (relationId === null) errors.relation_id = 'muss eine positive ganze Zahl sein';

  const alle = [...new Set(Object.values(DOWNLOAD_BEZUEGE).flatMap((b) => b.kategorien))];
  const category = felder.category;
  if (fehlt(category)) errors.category = 'ist ein Pflichtfeld';
  else if (bezug && !bezug.kategorien.includes(category as string))
    errors.category = `passt nicht zu „${enumLabel('download', 'relation', felder.relation as string)}“ ${erlaubt('category', bezug.kategorien)}`;
  else if (!bezug && !alle.includes(category as string))
    errors.category = `hat einen unzulässigen Wert ${erlaubt('category', alle)}`;
  return { errors, relationId };
}
