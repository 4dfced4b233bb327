import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { zipLesen } from '../../../test/support/zip-lesen';
import { ZipSchreiber } from './zip-schreiber';

async function archiv(dateien: [string, string][]) {
  const out = new PassThrough();
  const teile: Buffer[] = [];
  out.on('data', (teil: Buffer) => teile.push(teil));
  const zip = new ZipSchreiber(out);
  const namen: string[] = [];
  for (const [name, inhalt] of dateien) namen.push(await zip.datei(name, Buffer.from(inhalt)));
  const anzahl = await zip.schliessen();
  out.end();
  return { namen, anzahl, bytes: Buffer.concat(teile) };
}

describe('ZipSchreiber', () => {
  it('writes entries a ZIP reader reads back byte for byte, names in UTF-8', async () => {
    const { bytes, anzahl } = await archiv([
      ['RE-2026-00001.pdf', '%PDF-1.7 eins'],
      ['Müßig & Partner.pdf', 'zwei '.repeat(1000)],
    ]);
    expect(anzahl).toBe(2);
    expect(zipLesen(bytes).map((e) => [e.name, e.inhalt.toString()])).toEqual([
      ['RE-2026-00001.pdf', '%PDF-1.7 eins'],
      ['Müßig & Partner.pdf', 'zwei '.repeat(1000)],
    ]);
  });

  it('gives a repeated name a number', async () => {
    const { namen } = await archiv([
      ['a.pdf', '1'],
      ['a.pdf', '2'],
      ['a.pdf', '3'],
      ['ohne', '4'],
      ['ohne', '5'],
    ]);
    expect(namen).toEqual(['a.pdf', 'a (2).pdf', 'a (3).pdf', 'ohne', 'ohne (2)']);
  });

  it('is accepted by Info-ZIP where it is installed', async () => {
    const { bytes } = await archiv([['x.txt', 'hallo']]);
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      writeFileSync(join(dir, 'a.zip'), bytes);
      let ausgabe: string;
      try {
        ausgabe = execFileSync('unzip', ['-t', join(dir, 'a.zip')]).toString();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      expect(ausgabe).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a file from its pieces with a data descriptor, beside whole files (issue 29)', async () => {
    const out = new PassThrough();
    const teile: Buffer[] = [];
    out.on('data', (teil: Buffer) => teile.push(teil));
    const zip = new ZipSchreiber(out);
    await zip.datei('index.xml', Buffer.from('<DataSet/>'));
    async function* zeilen() {
      for (let i = 0; i < 2000; i++) yield Buffer.from(`${i};"Müller";12,50\r\n`);
    }
    await zip.dateiStueckweise('verlauf.csv', zeilen());
    await zip.dateiStueckweise('leer.csv', (async function* () {})());
    await zip.schliessen();
    out.end();
    const bytes = Buffer.concat(teile);
    const gelesen = zipLesen(bytes);
    expect(gelesen.map((e) => e.name)).toEqual(['index.xml', 'verlauf.csv', 'leer.csv']);
    expect(gelesen[1].inhalt.toString().split('\r\n')).toHaveLength(2001);
    expect(gelesen[1].inhalt.toString()).toContain('1999;"Müller";12,50');
    expect(gelesen[2].inhalt).toHaveLength(0);
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      writeFileSync(join(dir, 'a.zip'), bytes);
      expect(execFileSync('unzip', ['-t', join(dir, 'a.zip')]).toString()).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
