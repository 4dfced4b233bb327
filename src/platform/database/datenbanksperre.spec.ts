import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { mitSperre, mitStartsperre } from './datenbanksperre';

const sqlite = (database: string) =>
  ({ options: { type: 'better-sqlite3', database } }) as unknown as DataSource;
const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the start lock on SQLite (issue 31)', () => {
  const datei = () => join(mkdtempSync(join(tmpdir(), 'startsperre-')), 'verband.sqlite');

  it('lets one start work at a time, holding a file with its pid, and removes it after', async () => {
    const db = datei();
    const ablauf: string[] = [];
    const start = (name: string) =>
      mitStartsperre(sqlite(db), async () => {
        ablauf.push(`${name} an`);
        expect(readFileSync(`${db}.startsperre`, 'utf8')).toBe(String(process.pid));
        await warte(120);
        ablauf.push(`${name} aus`);
      });
    await Promise.all([start('A'), start('B')]);
    expect(ablauf).toEqual(['A an', 'A aus', 'B an', 'B aus']);
    expect(existsSync(`${db}.startsperre`)).toBe(false);
  });

  it('takes over the lock of a process that is gone, and frees it when the work fails', async () => {
    const db = datei();
    // No process has pid 2^22 + 1 on Linux (pid_max is at most 2^22).
    writeFileSync(`${db}.startsperre`, String(2 ** 22 + 1));
    await expect(mitStartsperre(sqlite(db), async () => 'gelaufen')).resolves.toBe('gelaufen');
    await expect(
      mitStartsperre(sqlite(db), async () => {
        throw new Error('Migration kaputt');
      }),
    ).rejects.toThrow('Migration kaputt');
    expect(existsSync(`${db}.startsperre`)).toBe(false);
  });

  it('needs no lock for a database in memory', async () => {
    await expect(mitStartsperre(sqlite(':memory:'), async () => 1)).resolves.toBe(1);
  });
});

describe('a named lock of other work on SQLite', () => {
  it('answers its own error when the holder does not finish in time, and leaves the holder its lock', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'sperre-')), 'verband.sqlite');
    const sperre = {
      name: 'datev_import',
      wartenS: 0.2,
      besetzt: () => new Error('Ein anderer Import läuft'),
    };
    let fertig!: () => void;
    const halter = mitSperre(sqlite(db), sperre, () => new Promise<void>((resolve) => (fertig = resolve)));
    await warte(20);
    expect(existsSync(`${db}.datev_importsperre`)).toBe(true);
    await expect(mitSperre(sqlite(db), sperre, async () => 'zu früh')).rejects.toThrow(
      'Ein anderer Import läuft',
    );
    expect(existsSync(`${db}.datev_importsperre`)).toBe(true);
    fertig();
    await halter;
    await expect(mitSperre(sqlite(db), sperre, async () => 'danach')).resolves.toBe('danach');
  });
});
