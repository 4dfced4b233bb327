/**
 * Work that only one process may do at a time on a shared database, under a named lock:
 * MariaDB/MySQL's GET_LOCK (per database; held by one connection of its own until released or
 * that connection ends, so a process killed while holding it frees it); on SQLite, whose processes
 * share one machine, a lock file beside the database holding the owner's pid (a file left by a
 * killed process is taken over once that pid is gone). The work runs on its own connections.
 *
 * The start (issue 31): the migrations and the first admin, so that any number of app and worker
 * processes can start together on an empty database.
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import type { DataSource } from 'typeorm';
import { istMysql } from './dialekt';

/** How long a starting process waits for another one's migrations. */
const START_WARTEN_S = 600;

export interface Sperre {
  /** Part of the lock's name (letters and `_`). */
  name: string;
  /** How long to wait for another holder. */
  wartenS: number;
  /** The error when the lock did not come free in time. */
  besetzt: () => Error;
}

export async function mitSperre<T>(
  dataSource: DataSource,
  sperre: Sperre,
  arbeit: () => Promise<T>,
): Promise<T> {
  const { type, database } = dataSource.options;
  if (type === 'better-sqlite3' && typeof database === 'string' && database !== ':memory:')
    return mitSperrdatei(`${database}.${sperre.name}sperre`, sperre, arbeit);
  if (!istMysql(dataSource)) return arbeit();
  // Lock names are server-wide: one per database, at most 64 characters.
  const name = `verband_${sperre.name}_${String(database)}`.slice(0, 64);
  const verbindung = dataSource.createQueryRunner();
  await verbindung.connect();
  try {
    const [{ ok }] = (await verbindung.query('SELECT GET_LOCK(?, ?) AS ok', [name, sperre.wartenS])) as {
      ok: unknown;
    }[];
    if (Number(ok) !== 1) throw sperre.besetzt();
    try {
      return await arbeit();
    } finally {
      await verbindung.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await verbindung.release();
  }
}

export function mitStartsperre<T>(dataSource: DataSource, arbeit: () => Promise<T>): Promise<T> {
  return mitSperre(
    dataSource,
    {
      name: 'start',
      wartenS: START_WARTEN_S,
      besetzt: () => new Error(`Die Startsperre wurde nach ${START_WARTEN_S} s nicht frei`),
    },
    arbeit,
  );
}

const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process with this pid runs (EPERM: it runs under another user). */
function lebt(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Created exclusively (`wx`), so only one process holds it; its content is the holder's pid. */
async function mitSperrdatei<T>(pfad: string, sperre: Sperre, arbeit: () => Promise<T>): Promise<T> {
  const ende = Date.now() + sperre.wartenS * 1000;
  for (;;) {
    try {
      const datei = await open(pfad, 'wx');
      await datei.writeFile(String(process.pid));
      await datei.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const inhalt = await readFile(pfad, 'utf8').catch(() => null);
    const alter = await stat(pfad).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    // An empty file is one being written right now, unless it has been empty for seconds.
    const verlassen = inhalt !== null && (inhalt === '' ? alter > 5000 : !lebt(Number(inhalt)));
    if (verlassen && (await readFile(pfad, 'utf8').catch(() => null)) === inhalt) {
      await rm(pfad, { force: true });
      continue;
    }
    if (Date.now() > ende) throw sperre.besetzt();
    await warte(50);
  }
  try {
    return await arbeit();
  } finally {
    await rm(pfad, { force: true });
  }
}
