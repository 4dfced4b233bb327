import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomainError } from '../../shared/domain-error';
import { LocalFileStorage } from './local-file-storage';

async function expectError(promise: Promise<unknown>, kind: DomainError['kind'], message: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).kind).toBe(kind);
  expect((error as DomainError).message).toMatch(message);
}

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'files-spec-'));
    storage = new LocalFileStorage(join(root, 'files'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes, lists, reads and deletes files in one directory per area', async () => {
    expect(await storage.list('pdf-vorlage')).toEqual([]);
    const written = await storage.write('pdf-vorlage', 'Einladung Müller.html', Buffer.from('<p>Grüße</p>'));
    expect(written).toEqual({
      name: 'Einladung Müller.html',
      path: 'Einladung Müller.html',
      size: Buffer.byteLength('<p>Grüße</p>'),
      isDirectory: false,
      modifiedAt: expect.any(Date),
    });
    await storage.write('pdf-vorlage', 'alt/b.txt', 'b');
    await storage.write('pdf-vorlage', 'alt/tief/c.txt', 'c');
    expect(readdirSync(join(root, 'files'))).toEqual(['pdf-vorlage']);

    const list = await storage.list('pdf-vorlage');
    expect(list.map((e) => [e.path, e.isDirectory])).toEqual([
      ['alt', true],
      ['Einladung Müller.html', false],
    ]);
    expect((await storage.list('pdf-vorlage', 'alt')).map((e) => e.path)).toEqual(['alt/tief', 'alt/b.txt']);
    expect((await storage.list('pdf-vorlage', '', { recursive: true })).map((e) => e.path)).toEqual([
      'alt/b.txt',
      'alt/tief/c.txt',
      'Einladung Müller.html',
    ]);
    expect((await storage.readBuffer('pdf-vorlage', 'Einladung Müller.html')).toString()).toBe(
      '<p>Grüße</p>',
    );
    expect(await storage.exists('pdf-vorlage', 'alt/b.txt')).toBe(true);

    await storage.delete('pdf-vorlage', 'alt/b.txt');
    expect(await storage.exists('pdf-vorlage', 'alt/b.txt')).toBe(false);
    await expectError(storage.delete('pdf-vorlage', 'alt'), 'conflict', 'Das Verzeichnis ist nicht leer.');
    await storage.delete('pdf-vorlage', 'alt/tief/c.txt');
    await storage.delete('pdf-vorlage', 'alt/tief');
    await expectError(storage.delete('pdf-vorlage', 'alt/b.txt'), 'not_found', 'Datei nicht gefunden');
    await expectError(storage.read('pdf-vorlage', 'fehlt.txt'), 'not_found', 'Datei nicht gefunden');
    await expectError(storage.read('pdf-vorlage', 'alt'), 'not_found', 'Datei nicht gefunden');
    await expectError(storage.list('pdf-vorlage', 'fehlt'), 'not_found', 'Verzeichnis nicht gefunden');
  });

  it('refuses to overwrite unless asked, and never a directory', async () => {
    await storage.write('a', 'x.txt', 'eins');
    await expectError(storage.write('a', 'x.txt', 'zwei'), 'conflict', 'Datei existiert bereits');
    await storage.write('a', 'x.txt', 'zwei', { overwrite: true });
    expect((await storage.readBuffer('a', 'x.txt')).toString()).toBe('zwei');
    await storage.write('a', 'dir/y.txt', 'y');
    await expectError(storage.write('a', 'dir', 'z', { overwrite: true }), 'conflict', /Verzeichnis/);
    await expectError(storage.write('a', 'x.txt/unter.txt', 'z'), 'conflict', /führt durch eine Datei/);
    // No temporary files are left behind or listed.
    expect(readdirSync(join(root, 'files', 'a')).sort()).toEqual(['dir', 'x.txt']);
  });

  it('touches nothing outside the area', async () => {
    writeFileSync(join(root, 'geheim.txt'), 'geheim');
    for (const path of [
      '../geheim.txt',
      '../../geheim.txt',
      '/etc/passwd',
      '..\\x',
      'a/../../x',
      '%2e%2e/x',
      '',
    ]) {
      await expectError(storage.write('a', path, 'x'), 'invalid', 'Ungültiger Dateipfad');
      await expectError(storage.read('a', path), 'invalid', 'Ungültiger Dateipfad');
      await expectError(storage.delete('a', path), 'invalid', 'Ungültiger Dateipfad');
    }
    await expectError(storage.list('a', '..'), 'invalid', 'Ungültiger Dateipfad');
    await expectError(storage.list('..', ''), 'invalid', /Ungültiger Dateibereich/);
    await expectError(storage.write('../b', 'x.txt', 'x'), 'invalid', /Ungültiger Dateibereich/);
    expect(readdirSync(root).sort()).toEqual(['geheim.txt']);
  });

  it('does not follow symbolic links out of the area', async () => {
    const outside = join(root, 'draussen');
    mkdirSync(outside);
    writeFileSync(join(outside, 'geheim.txt'), 'geheim');
    mkdirSync(join(root, 'files', 'a'), { recursive: true });
    symlinkSync(outside, join(root, 'files', 'a', 'link'));
    await expectError(storage.read('a', 'link/geheim.txt'), 'invalid', 'Ungültiger Dateipfad');
    await expectError(storage.write('a', 'link/neu.txt', 'x'), 'invalid', 'Ungültiger Dateipfad');
    await expectError(storage.delete('a', 'link/geheim.txt'), 'invalid', 'Ungültiger Dateipfad');
    await expectError(storage.list('a', 'link'), 'invalid', 'Ungültiger Dateipfad');
    expect(await storage.list('a')).toEqual([]);
    expect(readdirSync(outside)).toEqual(['geheim.txt']);
  });
});
