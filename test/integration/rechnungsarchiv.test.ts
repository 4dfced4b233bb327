/**
 * Issue 28, archived originals, through HTTP on both databases: an invoice's PDF is rendered once
 * when it is issued, by the template of its seminar type with that template's text blocks, and every
 * later download serves those bytes — whatever staff change in templates, texts or letterhead
 * afterwards; a changed archive file is refused in German; an invoice issued before (no original)
 * gets its original on its first download.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type request from 'supertest';
import { RECHNUNGSARCHIV } from '../../src/billing/adapters/files/rechnungsarchiv.files';
import { seminarMitBuchungen } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { binary, pdfText, pdfTexts } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

type Row = Record<string, unknown>;

const sha256 = (pdf: Uint8Array) => createHash('sha256').update(pdf).digest('hex');

/** A one-page letterhead that says so. */
async function briefkopf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 56, y: 800, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

describe.each(databases())('archived invoice originals on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  let seminar: number;
  let mitglieder: number[];
  let vorlage: Row;
  let einleitung: number;

  const post = async (resource: string, body: Row) =>
    (await createRecord(agent, resource, body)).id as number;
  const get = async (resource: string, id: number) =>
    (await agent.get(`/node/api/${resource}/${id}`).expect(200)).body as Row;
  const put = async (resource: string, id: number, werte: Row) => {
    const { version } = await get(resource, id);
    await agent
      .put(`/node/api/${resource}/${id}`)
      .send({ ...werte, version })
      .expect(200);
  };
  const rechnungen = async () =>
    (
      await agent
        .get('/node/api/rw-rechnung')
        .query({
          where: JSON.stringify({ veranstaltung_id: seminar }),
          order: JSON.stringify([['id', 'ASC']]),
        })
        .expect(200)
    ).body as Row[];
  const render = (id: unknown) => agent.get(`/node/api/rw-rechnung/${id}/render`).buffer(true).parse(binary);
  const pdf = async (id: unknown): Promise<Buffer> => {
    const response = await render(id);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.body as Buffer;
  };
  /** Uploads (or replaces) a file of the rw-vorlage area, as the Dateien tab does. */
  const hochladen = async (name: string, inhalt: Buffer) => {
    const path = `/node/api/rw-vorlage/files/${name}`;
    const neu = await agent.post(path).attach('file', inhalt, name);
    if (neu.status !== 201) await agent.put(path).attach('file', inhalt, name).expect(200);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ({ seminar, mitglieder } = await seminarMitBuchungen(agent, 2, { name: 'AR' }));
    einleitung = await post('rw-text', {
      titel: 'Einleitung Seminar',
      text: '<p>Vielen Dank f&uuml;r Ihre Teilnahme am Jahresabschluss-Seminar.</p>',
    });
    const schluss = await post('rw-text', {
      titel: 'Grußformel',
      text: '<p>Mit freundlichen Grüßen</p><p>Ihre Akademie &amp; Team</p>',
    });
    const typ = (await get('veranstaltung', seminar)).veranstaltung_typ_id as number;
    const vorlageId = (await get('veranstaltung-typ', typ)).rw_vorlage_id as number;
    await put('rw-vorlage', vorlageId, { einleitung_rw_text_id: einleitung, schluss_rw_text_id: schluss });
    vorlage = await get('rw-vorlage', vorlageId);
    const lauf = await agent
      .post('/node/api/rw-rechnung')
      .set('Prefer', 'wait=60')
      .send({ category: 'seminare', category_id: seminar });
    expect(lauf.status).toBe(200);
    expect(lauf.body).toMatchObject({ created: 2, fehler: [] });
  }, STARTUP_TIMEOUT);
  afterAll(() => t?.close());

  it('archives each invoice when it is issued: its template, file and hash recorded', async () => {
    const [r1, r2] = await rechnungen();
    for (const r of [r1, r2]) {
      expect(r).toMatchObject({
        rw_vorlage_id: vorlage.id,
        original_datei: expect.stringMatching(/^[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/),
        original_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const datei = readFileSync(join(t.dir, 'files', RECHNUNGSARCHIV, r.original_datei as string));
      expect(sha256(datei)).toBe(r.original_sha256);
    }
    expect(sha256(await pdf(r1.id))).toBe(r1.original_sha256);
  });

  it("prints the seminar type's template with its opening and closing text blocks", async () => {
    const [r1] = await rechnungen();
    const text = pdfText(await pdf(r1.id));
    expect(text).toContain('Vielen Dank für Ihre Teilnahme am Jahresabschluss-Seminar.');
    expect(text).toContain('Mit freundlichen Grüßen Ihre Akademie & Team');
    expect(text).toContain(`Rechnung ${r1.rechnungs_nr as string}`);
  });

  it('serves the original byte-identical after the default template, the letterhead, the texts and the template file changed', async () => {
    const [r1, r2] = await rechnungen();
    const vorher = await pdf(r1.id);

    const standard = readFileSync(join(process.cwd(), 'templates/pdf/rechnung.hbs'), 'utf8');
    await hochladen(
      'rechnung.hbs',
      Buffer.from(standard.replace('{{zahlung}}', 'NEUE STANDARDVORLAGE\n{{zahlung}}')),
    );
    await hochladen('rechnungsbriefkopf.pdf', await briefkopf('NEUER BRIEFKOPF'));
    await put('rw-text', einleitung, { text: '<p>GEÄNDERTE EINLEITUNG</p>' });
    await hochladen(
      'eigene.hbs',
      Buffer.from(
        '# EIGENE VORLAGE {{titel}} {{nr}}\n{{texte.einleitung}}\n{{#if storno_zu}}zu {{storno_zu}}{{/if}}\n',
      ),
    );
    await put('rw-vorlage', vorlage.id as number, { datei: 'eigene.hbs' });

    const nachher = await pdf(r1.id);
    expect(nachher.equals(vorher)).toBe(true);
    const [text] = pdfTexts([nachher]);
    for (const neu of ['NEUE STANDARDVORLAGE', 'NEUER BRIEFKOPF', 'GEÄNDERTE EINLEITUNG', 'EIGENE VORLAGE'])
      expect(text).not.toContain(neu);
    expect(sha256(await pdf(r2.id))).toBe(r2.original_sha256);

    // What is issued now is rendered by the uploaded template with the changed text.
    const storno = await agent.delete(`/node/api/rw-rechnung/${r2.id}/modifyAll`).expect(200);
    const stornoText = pdfText(await pdf(storno.body.storno));
    expect(stornoText).toContain(`EIGENE VORLAGE Stornorechnung`);
    expect(stornoText).toContain('GEÄNDERTE EINLEITUNG');
    expect(stornoText).toContain(`zu ${r2.rechnungs_nr as string}`);
  });

  it('refuses an archive file changed after issue with a German message, and serves nothing', async () => {
    const [r1] = await rechnungen();
    const datei = join(t.dir, 'files', RECHNUNGSARCHIV, r1.original_datei as string);
    const echt = readFileSync(datei);
    writeFileSync(datei, Buffer.concat([echt, Buffer.from('%% nachträglich angehängt\n')]));
    try {
      const response = await agent.get(`/node/api/rw-rechnung/${r1.id}/render`);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        `Das archivierte Original der Rechnung ${r1.rechnungs_nr as string} wurde nach der Ausstellung verändert (die Prüfsumme stimmt nicht); es wird nicht ausgegeben. Bitte wenden Sie sich an die Administration.`,
      );
      const email = await agent.post(`/node/api/rw-rechnung/${r1.id}/rechnungEmail`);
      expect(email.status).toBe(409);
    } finally {
      writeFileSync(datei, echt);
    }
    expect(sha256(await pdf(r1.id))).toBe(r1.original_sha256);
  });

  it('gives an invoice issued before archiving its original on the first download, and keeps it', async () => {
    const [r1] = await rechnungen();
    await t.dataSource.query(
      'UPDATE rw_rechnung SET original_datei = NULL, original_sha256 = NULL, rw_vorlage_id = NULL WHERE id = ?',
      [r1.id],
    );

    const erste = await pdf(r1.id);
    const [nachErstem] = (await rechnungen()).filter((r) => r.id === r1.id);
    expect(nachErstem.original_sha256).toBe(sha256(erste));
    // Without a recorded template: the (now replaced) default layout of that moment.
    expect(pdfText(erste)).toContain('NEUE STANDARDVORLAGE');
    await hochladen('rechnung.hbs', readFileSync(join(process.cwd(), 'templates/pdf/rechnung.hbs')));
    expect((await pdf(r1.id)).equals(erste)).toBe(true);
  });

  it('archives what the export issues before it answers', async () => {
    await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: seminar,
      benutzer_id: mitglieder[0],
      betrag: 45,
      titel: 'Skript',
    });
    await agent
      .post('/node/api/rw-transaction/setAllVerifiziert')
      .send({ category: 'seminare', category_id: seminar })
      .expect(200);

    const exportiert = await agent
      .post('/node/api/rw-abrechnung')
      .set('Prefer', 'wait=60')
      .send({ category: 'seminare', category_id: seminar });

    expect(exportiert.status).toBe(200);
    expect(exportiert.body.fehler).toEqual([]);
    const neu = (await rechnungen()).at(-1)!;
    expect(neu).toMatchObject({ rw_abrechnung_id: exportiert.body.id, rw_vorlage_id: vorlage.id });
    expect(neu.original_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(pdfText(await pdf(neu.id))).toContain('EIGENE VORLAGE Rechnung');
  });
});
