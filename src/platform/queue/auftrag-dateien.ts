/**
 * Long work that ends in a file for staff (batch PDFs, DESIGN.md §4). The job writes the file into
 * FILES_DIR/auftraege — not into its result: a BullMQ worker may run in another process that shares
 * only the files directory with the app, and results travel through Redis — and its result names
 * the file; staff download it from `GET /node/api/auftraege/:name/:id/datei` once the job completed.
 * A file appears under its random name only when written completely, so nothing half-written is
 * ever served; files older than a day are removed whenever a new one is written.
 *
 * The other way round, an upload that a job works on (a CSV import, issue 26) is kept here too: the
 * job's data carries only its stored name, and the job removes it when it ends.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DomainError } from '../../shared/domain-error';
import type { FileContent } from '../files/file-storage';
import { Hintergrundauftrag, type AuftragVerweis, type Melder } from './hintergrund';
import type { JobQueue } from './job-queue';

/** The directory below FILES_DIR; no resource's file area, so no other route reaches it. */
export const AUFTRAG_DATEIEN = 'auftraege';

/** How long a finished file stays downloadable. */
export const AUFBEWAHRUNG_MS = 24 * 60 * 60 * 1000;

/** What a job that ends in a file answers besides its own facts: small JSON, never the file. */
export interface Dateiergebnis {
  /** The name the file is downloaded under. */
  name: string;
  /** The stored file: a random name, never taken from a request. */
  datei: string;
  /** This run, whose download route serves the file. */
  auftrag: AuftragVerweis;
}

/** Stored names only: 32 hex digits and an extension (no path, nothing hidden). */
const GESPEICHERT = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

function fehlt(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** A job run again after its upload was used or removed (after a day). */
const uploadFehlt = () =>
  DomainError.invalid(
    'UPLOAD_WEG',
    'Die hochgeladene Datei gibt es nicht mehr (sie wird nur einmal verarbeitet); bitte laden Sie sie erneut hoch.',
  );

export class AuftragsDateien {
  /** `verzeichnis` is asked on first use: processes that never write or serve a file need no files dir. */
  constructor(private readonly verzeichnis: () => string) {}

  /**
   * Runs `schreiben` into a temporary file and publishes it under a random name once it resolved;
   * when it throws, the temporary file is removed and the error passes on.
   */
  async schreibe<E extends object>(
    endung: string,
    schreiben: (out: Writable) => Promise<E>,
  ): Promise<E & { datei: string }> {
    const dir = this.verzeichnis();
    await mkdir(dir, { recursive: true });
    await this.raeumeAuf(dir);
    const datei = `${randomBytes(16).toString('hex')}.${endung}`;
    // Hidden until renamed: a crashed run leaves only a dot file, removed after a day too.
    const teil = join(dir, `.${datei}.teil`);
    const out = createWriteStream(teil, { flags: 'wx' });
    const geschrieben = finished(out);
    // A write error rejects `geschrieben`; awaited below, it must not count as unhandled before.
    geschrieben.catch(() => undefined);
    try {
      let ergebnis: E;
      try {
        ergebnis = await schreiben(out);
      } finally {
        out.end();
      }
      await geschrieben;
      await rename(teil, join(dir, datei));
      return { ...ergebnis, datei };
    } catch (error) {
      out.destroy();
      await geschrieben.catch(() => undefined);
      await rm(teil, { force: true });
      throw error;
    }
  }

  /** Keeps an upload for a job; answers the stored name its data carries. */
  async ablegen(endung: string, inhalt: Buffer): Promise<string> {
    const { datei } = await this.schreibe(endung, async (out) => {
      out.write(inhalt);
      return {};
    });
    return datei;
  }

  /**
   * Runs `arbeit` on an upload kept by `ablegen`, then removes it, whether the work succeeded or
   * not: uploads hold members' data (the salary survey's passwords) and are read once.
   */
  async verarbeite<R>(datei: string, arbeit: (inhalt: Buffer) => Promise<R>): Promise<R> {
    if (!GESPEICHERT.test(datei)) throw uploadFehlt();
    const pfad = join(this.verzeichnis(), datei);
    let inhalt: Buffer;
    try {
      inhalt = await readFile(pfad);
    } catch (error) {
      if (fehlt(error)) throw uploadFehlt();
      throw error;
    }
    try {
      return await arbeit(inhalt);
    } finally {
      await rm(pfad, { force: true });
    }
  }

  /** A finished file to stream, or null when the name is none of ours or the file is gone. */
  async oeffne(datei: string): Promise<FileContent | null> {
    if (!GESPEICHERT.test(datei)) return null;
    const pfad = join(this.verzeichnis(), datei);
    try {
      const info = await stat(pfad);
      if (!info.isFile()) return null;
      return {
        entry: { name: datei, path: datei, size: info.size, isDirectory: false, modifiedAt: info.mtime },
        stream: createReadStream(pfad),
      };
    } catch (error) {
      if (fehlt(error)) return null;
      throw error;
    }
  }

  /** Removes files (finished or left over by a crash) older than AUFBEWAHRUNG_MS. */
  private async raeumeAuf(dir: string): Promise<void> {
    const grenze = Date.now() - AUFBEWAHRUNG_MS;
    for (const name of await readdir(dir)) {
      const pfad = join(dir, name);
      try {
        if ((await stat(pfad)).mtimeMs < grenze) await rm(pfad, { force: true });
      } catch (error) {
        // Another process removed it meanwhile.
        if (!fehlt(error)) throw error;
      }
    }
  }
}

/** Job names whose runs end in a file: the only ones the download route answers. */
const dateiauftraege = new Set<string>();

export function endetInDatei(name: string): boolean {
  return dateiauftraege.has(name);
}

/**
 * Long work that writes one file: `schreiben` writes it to `out`, reporting progress, and answers
 * its download name with whatever small facts the screen shows (pages, count). Register it in
 * onModuleInit like any Hintergrundauftrag.
 */
export function dateiauftrag<T, E extends { name: string }>(
  queue: JobQueue,
  dateien: AuftragsDateien,
  name: string,
  endung: string,
  schreiben: (daten: T, out: Writable, melde: Melder) => Promise<E>,
  optionen?: ConstructorParameters<typeof Hintergrundauftrag<T, E & Dateiergebnis>>[3],
): Hintergrundauftrag<T, E & Dateiergebnis> {
  dateiauftraege.add(name);
  return new Hintergrundauftrag(
    queue,
    name,
    async (daten: T, melde, auftrag) => ({
      ...(await dateien.schreibe(endung, (out) => schreiben(daten, out, melde))),
      auftrag,
    }),
    optionen,
  );
}
