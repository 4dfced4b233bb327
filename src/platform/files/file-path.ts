/**
 * Paths inside a file area, checked before anything touches the disk. A path is a list of plain
 * name segments joined by `/`: no `..` or `.`, no hidden names, no empty segments (so no absolute
 * paths), no backslashes, NUL or control characters, and no `%` at all. Express has decoded the URL
 * once when we see it, so a `%` left over means double encoding (`%252e%252e` → `%2e%2e`) and a `/`
 * inside one route segment means an encoded slash (`..%2fx`); both are refused rather than decoded
 * again. Pure: no Nest, no I/O.
 */
import { DomainError } from '../../shared/domain-error';

export const INVALID_PATH_MESSAGE = 'Ungültiger Dateipfad';

const MAX_SEGMENT_BYTES = 255;
const MAX_DEPTH = 16;
// Control characters, backslash, percent, and the characters Windows forbids in names.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\%<>:"|?*]/;

function invalidPath(): DomainError {
  return DomainError.invalid('INVALID_FILE_PATH', INVALID_PATH_MESSAGE);
}

/** Checks one name (a file or directory name without `/`). */
export function checkSegment(segment: unknown): string {
  if (typeof segment !== 'string') throw invalidPath();
  if (
    segment === '' ||
    segment.startsWith('.') ||
    segment.includes('/') ||
    FORBIDDEN.test(segment) ||
    segment !== segment.trim() ||
    Buffer.byteLength(segment) > MAX_SEGMENT_BYTES
  ) {
    throw invalidPath();
  }
  return segment.normalize('NFC');
}

/**
 * A path from a wildcard route parameter (Express 5 gives the list of decoded segments) or from a
 * string (a query parameter): the checked segments joined by `/`. `allowEmpty` admits the area root.
 */
export function parseFilePath(input: unknown, options: { allowEmpty?: boolean } = {}): string {
  if (input === undefined || input === null || input === '') {
    if (options.allowEmpty) return '';
    throw invalidPath();
  }
  const segments = Array.isArray(input) ? input : typeof input === 'string' ? input.split('/') : null;
  if (!segments || segments.length === 0 || segments.length > MAX_DEPTH) throw invalidPath();
  return segments.map(checkSegment).join('/');
}

/** The last segment of a checked path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

const AREA = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Area names are resource names (kebab-case), one directory each. */
export function checkArea(area: string): string {
  if (!AREA.test(area)) throw DomainError.invalid('INVALID_FILE_AREA', `Ungültiger Dateibereich "${area}".`);
  return area;
}
