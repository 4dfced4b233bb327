/**
 * Issue 34: docs/datenschutz.md, the records of processing, stays true. Every table of the
 * migrated schema with a column that names or points to a person is listed there — among the
 * processings or, with a reason, as without personal data — and every table it names exists.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source';
import { VERARBEITUNGEN, verzeichniszeile } from '../../common/datenschutz';
import { copyMigratedSqlite } from '../support/migrated-database';

/** Columns that hold a person's data or point to a person, in whichever table. */
const PERSONENBEZUG = new Set([
  'vorname',
  'nachname',
  'email',
  'benutzername',
  'password',
  'tel1',
  'tel2',
  'strasse',
  'zeile1',
  'iban',
  'inhaber',
  'ip',
  'login',
  'sess',
  'teilnehmer',
  'benutzer_id',
  'benutzer_email_id',
  'teilnehmer_id',
  'user_id',
  'user_name',
  'admin_name',
]);

const VERZEICHNIS = join(__dirname, '..', '..', 'docs', 'datenschutz.md');

/** The tables named in backticks in the first column(s) of a section's table rows. */
function tabellenIn(abschnitt: string, spalte: number): Set<string> {
  const namen = new Set<string>();
  for (const zeile of abschnitt.split('\n').filter((z) => z.startsWith('| ') && !z.startsWith('|---'))) {
    // A field named in parentheses, as „`benutzer` (Feld `data`)“, is not a table.
    const zelle = (zeile.split('|')[spalte + 1] ?? '').replace(/\([^)]*\)/g, '');
    for (const [, name] of zelle.matchAll(/`([a-z_]+)`/g)) namen.add(name);
  }
  return namen;
}

describe('records of processing (docs/datenschutz.md)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'datenschutz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function schema(): Promise<Map<string, string[]>> {
    const file = join(dir, 'schema.sqlite');
    await copyMigratedSqlite(file);
    const db = await new DataSource(dataSourceOptions({ type: 'better-sqlite3', file })).initialize();
    try {
      const tabellen: { name: string }[] = await db.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      const spalten = await Promise.all(
        tabellen.map(
          async ({ name }) => (await db.query(`PRAGMA table_info("${name}")`)) as { name: string }[],
        ),
      );
      return new Map(tabellen.map(({ name }, i) => [name, spalten[i].map((c) => c.name)]));
    } finally {
      await db.destroy();
    }
  }

  it('lists every table with personal columns, and only tables that exist', async () => {
    const text = readFileSync(VERZEICHNIS, 'utf8');
    const [verarbeitungen, ohne] = text.split('## Ohne Personenbezug');
    expect(ohne).toBeDefined();
    const gelistet = tabellenIn(verarbeitungen.split('## Verarbeitungen')[1], 1);
    const ohnePersonenbezug = tabellenIn(ohne, 0);
    const tabellen = await schema();

    const persoenlich = [...tabellen]
      .filter(([, spalten]) => spalten.some((s) => PERSONENBEZUG.has(s)))
      .map(([name]) => name);
    // The check itself must see the obvious ones.
    expect(persoenlich).toEqual(
      expect.arrayContaining(['benutzer', 'benutzer_konto', 'rw_rechnung', 'audit']),
    );
    const fehlend = persoenlich.filter((name) => !gelistet.has(name) && !ohnePersonenbezug.has(name));
    expect(fehlend).toEqual([]);

    const unbekannt = [...gelistet, ...ohnePersonenbezug].filter((name) => !tabellen.has(name));
    expect(unbekannt).toEqual([]);
  });

  it('fills every column of every processing', () => {
    const abschnitt = readFileSync(VERZEICHNIS, 'utf8').split('## Verarbeitungen')[1].split('## ')[0];
    const zeilen = abschnitt.split('\n').filter((z) => z.startsWith('| ') && !z.startsWith('|---'));
    const [kopf, ...rest] = zeilen;
    expect(kopf).toBe('| Kategorie | Tabellen | Zweck | Wer liest | Aufbewahrung | Regel |');
    expect(rest.length).toBeGreaterThan(5);
    for (const zeile of rest) {
      const zellen = zeile
        .split('|')
        .slice(1, -1)
        .map((z) => z.trim());
      expect(zellen).toHaveLength(6);
      expect(zellen.filter((z) => z === '')).toEqual([]);
    }
  });

  it('shows the one list of processings the Datenauskunft states (common/datenschutz.ts)', () => {
    const abschnitt = readFileSync(VERZEICHNIS, 'utf8').split('## Verarbeitungen')[1].split('## ')[0];
    const zeilen = abschnitt.split('\n').filter((z) => z.startsWith('| ') && !z.startsWith('|---'));
    expect(zeilen.slice(1)).toEqual(VERARBEITUNGEN.map(verzeichniszeile));
  });
});
