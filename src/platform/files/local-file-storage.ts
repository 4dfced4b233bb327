/**
 * The files port on a local directory (FILES_DIR, DESIGN.md §1): `<root>/<area>/<path>`. Every path
 * is checked segment by segment, resolved, and (through realpath, so also past symbolic links)
 * confirmed to stay inside its area before anything is read, written or deleted.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, Stats } from 'node:fs';
import {
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DomainError } from '../../shared/domain-error';
import { baseName, checkArea, INVALID_PATH_MESSAGE, parseFilePath } from './file-path';
import { FileContent, FileEntry, fileNotFound, FileStorage, ListOptions, WriteOptions } from './file-storage';

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

function isMissing(error: unknown): boolean {
  return errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR';
}

function byDirectoryThenPath(a: FileEntry, b: FileEntry): number {
  if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
  return a.path.localeCompare(b.path, 'de');
}

export class LocalFileStorage extends FileStorage {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  private areaRoot(area: string): string {
    return join(this.root, checkArea(area));
  }

  /** The absolute path of a checked path; refuses anything that would resolve outside the area. */
  private locate(area: string, path: string, allowRoot = false): { areaRoot: string; absolute: string } {
    const areaRoot = this.areaRoot(area);
    const checked = parseFilePath(path, { allowEmpty: allowRoot });
    const absolute = resolve(areaRoot, ...checked.split('/').filter(Boolean));
    if (absolute !== areaRoot && !absolute.startsWith(areaRoot + sep)) {
      throw DomainError.invalid('INVALID_FILE_PATH', INVALID_PATH_MESSAGE);
    }
    if (absolute === areaRoot && !allowRoot) {
      throw DomainError.invalid('INVALID_FILE_PATH', INVALID_PATH_MESSAGE);
    }
    return { areaRoot, absolute };
  }

  /**
   * Follows symbolic links of the existing part of the path: its real location must still be inside
   * the area's real directory. Nothing exists yet → nothing to follow.
   */
  private async assertInside(areaRoot: string, absolute: string): Promise<void> {
    let realRoot: string;
    try {
      realRoot = await realpath(areaRoot);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    let existing = absolute;
    for (;;) {
      let real: string;
      try {
        real = await realpath(existing);
      } catch (error) {
        if (!isMissing(error)) throw error;
        if (existing === areaRoot) return;
        existing = dirname(existing);
        continue;
      }
      if (real !== realRoot && !real.startsWith(realRoot + sep)) {
        throw DomainError.invalid('INVALID_FILE_PATH', INVALID_PATH_MESSAGE);
      }
      return;
    }
  }

  private entry(path: string, stats: Stats): FileEntry {
    return {
      name: baseName(path),
      path,
      size: stats.isDirectory() ? 0 : stats.size,
      isDirectory: stats.isDirectory(),
      modifiedAt: new Date(stats.mtimeMs),
    };
  }

  async stat(area: string, path: string): Promise<FileEntry | null> {
    const { areaRoot, absolute } = this.locate(area, path);
    await this.assertInside(areaRoot, absolute);
    try {
      return this.entry(parseFilePath(path), await stat(absolute));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(area: string, dir = '', options: ListOptions = {}): Promise<FileEntry[]> {
    const { areaRoot, absolute } = this.locate(area, dir, true);
    await this.assertInside(areaRoot, absolute);
    const prefix = parseFilePath(dir, { allowEmpty: true });
    const entries: FileEntry[] = [];
    const walk = async (directory: string, relative: string): Promise<void> => {
      const names = await readdir(directory, { withFileTypes: true });
      for (const dirent of names) {
        // Hidden names are never valid paths (and include the temporary files of a running write).
        if (dirent.name.startsWith('.') || dirent.isSymbolicLink()) continue;
        const path = relative ? `${relative}/${dirent.name}` : dirent.name;
        const absolutePath = join(directory, dirent.name);
        let stats: Stats;
        try {
          stats = await stat(absolutePath);
        } catch (error) {
          if (isMissing(error)) continue; // deleted meanwhile
          throw error;
        }
        if (stats.isDirectory() && options.recursive) await walk(absolutePath, path);
        else if (stats.isDirectory() || stats.isFile()) entries.push(this.entry(path, stats));
      }
    };
    try {
      await walk(absolute, prefix);
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (prefix) throw DomainError.notFound('DIRECTORY_NOT_FOUND', 'Verzeichnis nicht gefunden');
      return [];
    }
    return entries.sort(byDirectoryThenPath);
  }

  async read(area: string, path: string): Promise<FileContent> {
    const entry = await this.stat(area, path);
    if (!entry || entry.isDirectory) throw fileNotFound();
    const { absolute } = this.locate(area, path);
    return { entry, stream: createReadStream(absolute) };
  }

  async write(
    area: string,
    path: string,
    content: Buffer | string,
    options: WriteOptions = {},
  ): Promise<FileEntry> {
    const { areaRoot, absolute } = this.locate(area, path);
    const checked = parseFilePath(path);
    await this.assertInside(areaRoot, absolute);
    try {
      await mkdir(dirname(absolute), { recursive: true });
    } catch (error) {
      if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOTDIR') {
        throw DomainError.conflict(
          'FILE_PATH_BLOCKED',
          'Der Pfad führt durch eine Datei: ein Verzeichnis dieses Namens kann nicht angelegt werden.',
        );
      }
      throw error;
    }
    await this.assertInside(areaRoot, dirname(absolute));
    const existing = await this.stat(area, checked);
    if (existing?.isDirectory) {
      throw DomainError.conflict(
        'FILE_IS_DIRECTORY',
        'Unter diesem Namen existiert bereits ein Verzeichnis.',
      );
    }
    if (existing && !options.overwrite) throw DomainError.conflict('FILE_EXISTS', 'Datei existiert bereits');

    if (options.overwrite) {
      // Readers see the old or the new file, never a half-written one.
      const temporary = join(dirname(absolute), `.${randomBytes(8).toString('hex')}.upload`);
      try {
        await writeFile(temporary, content, { flag: 'wx' });
        await rename(temporary, absolute);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    } else {
      // 'wx' refuses an existing file atomically, also when two uploads race.
      try {
        await writeFile(absolute, content, { flag: 'wx' });
      } catch (error) {
        if (errorCode(error) === 'EEXIST')
          throw DomainError.conflict('FILE_EXISTS', 'Datei existiert bereits');
        await rm(absolute, { force: true });
        throw error;
      }
    }
    return this.entry(checked, await stat(absolute));
  }

  async delete(area: string, path: string): Promise<void> {
    const { areaRoot, absolute } = this.locate(area, path);
    await this.assertInside(areaRoot, absolute);
    let stats: Stats;
    try {
      stats = await lstat(absolute);
    } catch (error) {
      if (isMissing(error)) throw fileNotFound();
      throw error;
    }
    if (!stats.isDirectory()) {
      await unlink(absolute);
      return;
    }
    try {
      await rmdir(absolute);
    } catch (error) {
      if (errorCode(error) === 'ENOTEMPTY' || errorCode(error) === 'EEXIST') {
        throw DomainError.conflict('DIRECTORY_NOT_EMPTY', 'Das Verzeichnis ist nicht leer.');
      }
      throw error;
    }
  }
}
