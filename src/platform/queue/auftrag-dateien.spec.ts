import type { Response } from 'express';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DomainError } from '../../shared/domain-error';
import { AUFBEWAHRUNG_MS, AuftragsDateien, dateiauftrag, endetInDatei } from './auftrag-dateien';
import { Hintergrundauftrag } from './hintergrund';
import { AuftragStatusController } from './http/auftrag-status.controller';
import { InProcessJobQueue } from './in-process-job-queue';

const lies = async (stream: Readable) => {
  const teile: Buffer[] = [];
  for await (const teil of stream) teile.push(Buffer.from(teil));
  return Buffer.concat(teile).toString();
};

describe('AuftragsDateien', () => {
  let dir: string;
  let dateien: AuftragsDateien;
  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'auftrag-dateien-')), 'auftraege');
    dateien = new AuftragsDateien(() => dir);
  });
  afterEach(() => rm(join(dir, '..'), { recursive: true, force: true }));

  it('keeps an upload for a job, hands it over once and removes it, also when the work fails', async () => {
    const upload = await dateien.ablegen('csv', Buffer.from('Kennnummer;Passwort\r\n1;geheim\r\n'));
    expect(upload).toMatch(/^[0-9a-f]{32}\.csv$/);
    const gelesen = await dateien.verarbeite(upload, async (inhalt) => inhalt.toString());
    expect(gelesen).toBe('Kennnummer;Passwort\r\n1;geheim\r\n');
    expect(await readdir(dir)).toEqual([]);
    const nochmal = dateien.verarbeite(upload, async () => 'nie');
    await expect(nochmal).rejects.toThrow(DomainError);
    await expect(nochmal).rejects.toThrow(/gibt es nicht mehr/);

    const zweites = await dateien.ablegen('csv', Buffer.from('x'));
    const kaputt = dateien.verarbeite(zweites, async () => {
      throw DomainError.invalid('CSV_INVALID', 'kaputt');
    });
    await expect(kaputt).rejects.toThrow('kaputt');
    expect(await readdir(dir)).toEqual([]);
    await expect(dateien.verarbeite('../../etc/passwd', async () => 'nie')).rejects.toThrow(
      /gibt es nicht mehr/,
    );
  });

  it('publishes a file under a random name once written completely', async () => {
    const ergebnis = await dateien.schreibe('pdf', async (out) => {
      out.write('%PDF-');
      // Not visible while it is written: only a hidden temporary file.
      expect((await readdir(dir)).every((name) => name.startsWith('.'))).toBe(true);
      out.write('1.7');
      return { name: 'Bescheinigungen.pdf', seiten: 2 };
    });
    expect(ergebnis).toEqual({
      name: 'Bescheinigungen.pdf',
      seiten: 2,
      datei: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
    });
    expect(await readdir(dir)).toEqual([ergebnis.datei]);
    expect(await readFile(join(dir, ergebnis.datei), 'utf8')).toBe('%PDF-1.7');
    const offen = await dateien.oeffne(ergebnis.datei);
    expect(offen?.entry).toMatchObject({ name: ergebnis.datei, size: 8, isDirectory: false });
    expect(await lies(offen!.stream)).toBe('%PDF-1.7');
  });

  it('keeps nothing of a run that fails, and passes its error on', async () => {
    const fehler = DomainError.conflict('VORLAGE_FEHLERHAFT', 'Die Vorlage kann nicht gefüllt werden.');
    await expect(
      dateien.schreibe('pdf', async (out) => {
        out.write('%PDF-1.7 halb');
        throw fehler;
      }),
    ).rejects.toBe(fehler);
    expect(await readdir(dir)).toEqual([]);
  });

  it('removes files older than a day, left-overs of crashed runs too, when it writes a new one', async () => {
    await dateien.schreibe('pdf', async () => ({ name: 'a.pdf' }));
    const [alt] = await readdir(dir);
    await writeFile(join(dir, `.${'0'.repeat(32)}.pdf.teil`), 'abgestürzt');
    const gestern = new Date(Date.now() - AUFBEWAHRUNG_MS - 60_000);
    await utimes(join(dir, alt), gestern, gestern);
    await utimes(join(dir, `.${'0'.repeat(32)}.pdf.teil`), gestern, gestern);
    const frisch = await dateien.schreibe('pdf', async () => ({ name: 'b.pdf' }));
    expect(await readdir(dir)).toEqual([frisch.datei]);
    expect(await dateien.oeffne(alt)).toBeNull();
  });

  it('opens only names it gave out', async () => {
    const { datei } = await dateien.schreibe('pdf', async () => ({ name: 'a.pdf' }));
    await writeFile(join(dir, 'fremd.pdf'), 'x');
    for (const name of ['fremd.pdf', `../${datei}`, `.${datei}`, `${datei}/`, `${'a'.repeat(32)}.pdf`])
      expect(await dateien.oeffne(name)).toBeNull();
  });
});

describe('the download of a job that ends in a file', () => {
  let queue: InProcessJobQueue;
  let dir: string;
  let controller: AuftragStatusController;
  const antwort = () => {
    const kopf: Record<string, string> = {};
    const res = {
      type: (typ: string) => ((kopf['Content-Type'] = typ === '.pdf' ? 'application/pdf' : typ), res),
      get: (name: string) => kopf[name],
      setHeader: (name: string, wert: string) => (kopf[name] = wert),
    };
    return { res: res as unknown as Response, kopf };
  };

  beforeEach(async () => {
    queue = new InProcessJobQueue();
    dir = await mkdtemp(join(tmpdir(), 'auftrag-download-'));
    const dateien = new AuftragsDateien(() => dir);
    controller = new AuftragStatusController(queue, dateien);
  });
  afterEach(async () => {
    await queue.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the file of a completed run under its name; a running or unknown one is a German 404', async () => {
    let weiter: (() => void) | undefined;
    const dateien = new AuftragsDateien(() => dir);
    const auftrag = dateiauftrag(queue, dateien, 'test-sammel-pdf', 'pdf', async (_: object, out, melde) => {
      await melde(0, 1, 'Dokumente werden erstellt');
      await new Promise<void>((resolve) => (weiter = resolve));
      out.write('%PDF-1.7 fertig');
      return { name: 'Alle Bescheinigungen Müller.pdf' };
    });
    auftrag.registrieren();
    expect(endetInDatei('test-sammel-pdf')).toBe(true);

    const ausgang = await auftrag.starte({}, 0);
    if (ausgang.fertig) throw new Error('zu früh fertig');
    const { id } = ausgang.auftrag;
    // Running, its first count reported.
    while (!weiter) await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(controller.datei('test-sammel-pdf', id, antwort().res)).rejects.toMatchObject({
      kind: 'not_found',
      message: `Die Datei des Auftrags test-sammel-pdf ${id} ist noch nicht fertig.`,
    });

    weiter!();
    for (let i = 0; i < 100 && (await queue.getJob('test-sammel-pdf', id))?.state !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const job = await queue.getJob('test-sammel-pdf', id);
    expect(job?.returnValue).toEqual({
      name: 'Alle Bescheinigungen Müller.pdf',
      datei: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
      auftrag: { name: 'test-sammel-pdf', id },
    });

    const { res, kopf } = antwort();
    const datei = await controller.datei('test-sammel-pdf', id, res);
    expect(kopf['Content-Disposition']).toBe(
      `attachment; filename="Alle Bescheinigungen Mueller.pdf"; filename*=UTF-8''Alle%20Bescheinigungen%20M%C3%BCller.pdf`,
    );
    expect(kopf['Content-Type']).toBe('application/pdf');
    expect(await lies(datei.getStream())).toBe('%PDF-1.7 fertig');

    await expect(controller.datei('test-sammel-pdf', '999', antwort().res)).rejects.toMatchObject({
      kind: 'not_found',
      code: 'AUFTRAG_UNBEKANNT',
    });
    // Once removed (after a day), the job's result still names it: a German 404 saying so.
    await rm(join(dir, (job?.returnValue as { datei: string }).datei));
    await expect(controller.datei('test-sammel-pdf', id, antwort().res)).rejects.toMatchObject({
      code: 'AUFTRAGSDATEI_GELOESCHT',
      message: expect.stringContaining('gibt es nicht mehr'),
    });
  });

  it('answers no job that ends in no file, whatever its result says', async () => {
    const anders = new Hintergrundauftrag(queue, 'test-ohne-datei', async () => ({
      name: 'x.pdf',
      datei: `${'a'.repeat(32)}.pdf`,
    }));
    anders.registrieren();
    const ausgang = await anders.starte({}, 5000);
    expect(ausgang.fertig).toBe(true);
    await expect(controller.datei('test-ohne-datei', '1', antwort().res)).rejects.toMatchObject({
      code: 'AUFTRAG_UNBEKANNT',
    });
  });
});
