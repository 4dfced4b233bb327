/**
 * What every process does once at start on a shared database — the migrations, the first admin —
 * runs under one lock (issue 31), so that any number of app and worker processes can start
 * together on an empty database: MariaDB/MySQL's named lock (GET_LOCK, per database; held by one
 * connection until released or that connection ends, so a process killed while holding it frees
 * it). SQLite serves one machine; its processes are not covered here.
 */
import type { DataSource } from 'typeorm';

/** How long a starting process waits for another one's migrations. */
const WARTEN_S = 600;

export async function mitStartsperre<T>(dataSource: DataSource, arbeit: () => Promise<T>): Promise<T> {
  const { type, database } = dataSource.options;
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
