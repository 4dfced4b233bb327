/**
 * What every process does once at start on a shared database — the migrations, the first admin —
 * runs under one lock (issue 31), so that any number of app and worker processes can start
 * together on an empty database: MariaDB/MySQL's named lock (GET_LOCK, per database; held by one
 * connection until released or that connection ends, so a process killed while holding it frees
 * it); on SQLite, whose processes share one machine, a lock file beside the database holding the
 * owner's pid (a file left by a killed process is taken over once that pid is gone).
 */
import { open, readFile, rm, stat } from 'node:fs/promises';
import type { DataSource } from 'typeorm';

/** How long a starting process waits for another one's migrations. */
const WARTEN_S = 600;

export async function mitStartsperre<T>(dataSource: DataSource, arbeit: () => Promise<T>): Promise<T> {
  const { type, database } = dataSource.options;
  if (type === 'better-sqlite3' && typeof database === 'string' && database !== ':memory:')
    return mitSperrdatei(`${database}.startsperre`, arbeit);
  if (type !== 'mysql' && type !== 'mariadb') return arbeit();
  // Lock names are server-wide: one per database, at most 64 characters.
  const name = `verband_start_${String(database)}`.slice(0, 64);
  const verbindung = dataSource.createQueryRunner();
  await verbindung.connect();
  try {
    const [{ ok }] = (await verbindung.query('SELECT GET_LOCK(?, ?) AS ok', [name, WARTEN_S])) as {
      ok: unknown;
    }[];
    if (Number(ok) !== 1) throw new Error(`Die Startsperre „${name}“ wurde nach ${WARTEN_S} s nicht frei`);
    try {
      return await arbeit();
    } finally {
      await verbindung.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await verbindung.release();
  }
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
async function mitSperrdatei<T>(pfad: string, arbeit: () => Promise<T>): Promise<T> {
  const ende = Date.now() + WARTEN_S * 1000;
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
    if (Date.now() > ende) throw new Error(`Die Startsperre „${pfad}“ wurde nach ${WARTEN_S} s nicht frei`);
    await warte(50);
  }
  try {
    return await arbeit();
  } finally {
    await rm(pfad, { force: true });
  }
}
