/**
 * The files port (DESIGN.md §2): file areas, one per resource with `files: true` (templates,
 * certificates, newsletter templates) plus the public `download` area. Paths are relative to the
 * area, `/`-separated, and checked by `parseFilePath` (see file-path.ts); an adapter checks them
 * again and never touches anything outside its area.
 */
import type { Readable } from 'node:stream';
import { DomainError } from '../../shared/domain-error';

export interface FileEntry {
  /** The last path segment. */
  name: string;
  /** The path inside the area, e.g. `vorlagen/rechnung.html`. */
  path: string;
  /** Bytes; 0 for directories. */
  size: number;
  isDirectory: boolean;
  modifiedAt: Date;
}

export interface FileContent {
  entry: FileEntry;
  stream: Readable;
}

export interface ListOptions {
  /** All files below the directory (each with its path), instead of one level with its directories. */
  recursive?: boolean;
}

export interface WriteOptions {
  /** Replace an existing file; without it an existing file is a 409 conflict ('Datei existiert bereits'). */
  overwrite?: boolean;
}

/** A missing file: 404 'Datei nicht gefunden'. */
export const fileNotFound = () => DomainError.notFound('FILE_NOT_FOUND', 'Datei nicht gefunden');

export abstract class FileStorage {
  /**
   * The entries of a directory of the area (its root by default), directories first, then by name.
   * An area or root that was never written to is empty; a missing sub-directory is a 404.
   */
  abstract list(area: string, dir?: string, options?: ListOptions): Promise<FileEntry[]>;

  /** The entry at the path, or null when there is none. */
  abstract stat(area: string, path: string): Promise<FileEntry | null>;

  /** The file's content as a stream; a missing file (or a directory) is a 404 'Datei nicht gefunden'. */
  abstract read(area: string, path: string): Promise<FileContent>;

  /** Writes a file, creating missing directories; answers the written entry. */
  abstract write(
    area: string,
    path: string,
    content: Buffer | string,
    options?: WriteOptions,
  ): Promise<FileEntry>;

  /** Deletes a file or an empty directory; a missing one is a 404, a non-empty directory a 409. */
  abstract delete(area: string, path: string): Promise<void>;

  async exists(area: string, path: string): Promise<boolean> {
    return (await this.stat(area, path)) !== null;
  }

  /** The whole file in memory, for templates and other small files. */
  async readBuffer(area: string, path: string): Promise<Buffer> {
    const { stream } = await this.read(area, path);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
}
