/**
 * Batch documents and mails of invoices through HTTP on a real database (issue 28, spec 002 §7):
 * `rw-rechnung/multiple` as a ZIP (read back entry by entry) and as one PDF (pages counted),
 * its preview `simulateRenderMultiple`, the order overview mail, the LG settlement list, and a summary's
 * invoices by e-mail clicked twice — and twice at once — with each invoice mailed once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { seminarMitBuchungen } from '../support/abrechnung-daten';
import { bisZumEnde } from '../support/auftrag';
import { binary, pdfPagesOf } from '../support/pdf-text';
import { databases, startTestApp, type TestApp } from '../support/test-app';
import { zipLesen } from '../support/zip-lesen';

const TIMEOUT = 300_000;
const ANZAHL = 9;

describe.each(databases())('invoices in batches on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  let seminar: number;
  let abrechnung: number;
  let nummern: string[];

  const where = (w: Record<string, unknown>) => JSON.stringify(w);
  const herunterladen = (query: Record<string, string>) =>
    agent.get('/node/api/rw-rechnung/multiple').query(query).buffer(true).parse(binary);
  const outbox = () => {
    try {
      return readdirSync(join(t.dir, 'outbox')).map((f) => readFileSync(join(t.dir, 'outbox', f), 'latin1'));
    } catch {
      return [];
    }
  };
  /** A mail's text with quoted-printable undone (the outbox holds the raw message). */
  const klartext = (mail: string) =>
    Buffer.from(
      mail
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const mailsAn = (nr: string) => outbox().filter((m) => m.includes(`Ihre Rechnung ${nr}`)).length;
  const mailen = async () => {
    const gestartet = await agent
      .post(`/node/api/rw-abrechnung/${abrechnung}/rechnungenEmail`)
      .set('Prefer', 'respond-async')
      .expect(202);
    const gesehen = await bisZumEnde(agent, gestartet.body.auftrag);
    return gesehen[gesehen.length - 1];
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ({ seminar } = await seminarMitBuchungen(agent, ANZAHL, { name: 'SM' }));
    const exportiert = await agent
      .post('/node/api/rw-abrechnung')
      .set('Prefer', 'wait=60')
      .send({ category: 'seminare', category_id: seminar })
      .expect(200);
    abrechnung = exportiert.body.id;
    const rechnungen = await agent
      .get('/node/api/rw-rechnung')
      .query({ where: where({ veranstaltung_id: seminar }), order: JSON.stringify([['id', 'ASC']]) })
      .expect(200);
    nummern = (rechnungen.body as { rechnungs_nr: string }[]).map((r) => r.rechnungs_nr);
    expect(nummern).toHaveLength(ANZAHL);
  }, TIMEOUT);
  afterAll(() => t?.close());

  it(
    'downloads the selected invoices as a ZIP of their PDFs, one entry per invoice',
    async () => {
      const response = await herunterladen({ type: 'zip', where: where({ veranstaltung_id: seminar }) });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain(
        `Rechnungen ${nummern[0]} bis ${nummern[8]}.zip`,
      );
      const eintraege = zipLesen(response.body as Buffer);
      expect(eintraege.map((e) => e.name)).toEqual(nummern.map((nr) => `${nr}.pdf`));
      // Each entry is the invoice's own document, as the single download serves it.
      const einzeln = await agent
        .get(`/node/api/rw-rechnung/${await idVon(nummern[3])}/render`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      const texte = pdfPagesOf([...eintraege.map((e) => e.inhalt), einzeln.body as Buffer]);
      expect(texte[3]).toEqual(texte[ANZAHL]);
      texte.slice(0, ANZAHL).forEach((seiten, i) => expect(seiten.join(' ')).toContain(nummern[i]));
    },
    TIMEOUT,
  );

  const idVon = async (nr: string) =>
    (
      (
        await agent
          .get('/node/api/rw-rechnung')
          .query({ where: where({ rechnungs_nr: nr }) })
          .expect(200)
      ).body as { id: number }[]
    )[0].id;

  it(
    'downloads them as one PDF with every invoice’s pages in order',
    async () => {
      const auswahl = where({ veranstaltung_id: seminar, rechnungs_nr: { $in: nummern.slice(2, 6) } });
      const response = await herunterladen({ type: 'pdf', where: auswahl });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const [seiten] = pdfPagesOf([response.body as Buffer]);
      const zip = zipLesen((await herunterladen({ type: 'zip', where: auswahl }).expect(200)).body as Buffer);
      const einzelSeiten = pdfPagesOf(zip.map((e) => e.inhalt));
      expect(seiten).toHaveLength(einzelSeiten.reduce((n, s) => n + s.length, 0));
      expect(seiten).toEqual(einzelSeiten.flat());
      expect(seiten[0]).toContain(nummern[2]);
    },
    TIMEOUT,
  );

  it('previews what the download would hold, and refuses with the same German reasons', async () => {
    const vorschau = await agent
      .get('/node/api/rw-rechnung/simulateRenderMultiple')
      .query({ type: 'zip', where: where({ veranstaltung_id: seminar }) })
      .expect(200);
    expect(vorschau.body).toEqual({
      art: 'zip',
      name: `Rechnungen ${nummern[0]} bis ${nummern[8]}.zip`,
      anzahl: ANZAHL,
      rechnungs_nr: nummern,
      weitere: 0,
    });
    const leer = where({ veranstaltung_id: seminar, id: { $lt: 0 } });
    for (const route of ['multiple', 'simulateRenderMultiple']) {
      const keine = await agent.get(`/node/api/rw-rechnung/${route}`).query({ type: 'pdf', where: leer });
      expect(keine.status).toBe(409);
      expect(keine.body.message).toBe('Die Auswahl enthält keine Rechnungen.');
      const typ = await agent.get(`/node/api/rw-rechnung/${route}`).query({ type: 'doc', where: leer });
      expect(typ.status).toBe(400);
      expect(typ.body.message).toBe('Der Parameter „type“ muss „pdf“ oder „zip“ sein.');
      const feld = await agent
        .get(`/node/api/rw-rechnung/${route}`)
        .query({ type: 'zip', where: where({ gibtsnicht: 1 }) });
      expect(feld.status).toBe(400);
      expect(feld.body.message).toContain('gibtsnicht');
    }
  });

  it('mails a member the overview of what they booked, and refuses in German what it cannot', async () => {
    const [r] = (
      await agent
        .get('/node/api/rw-rechnung')
        .query({ where: where({ rechnungs_nr: nummern[4] }) })
        .expect(200)
    ).body as { benutzer_id: number }[];
    const vorher = outbox().length;
    const response = await agent
      .post('/node/api/warenkorb/bestelluebersicht_email')
      .send({ benutzer_id: r.benutzer_id, category: 'seminare', category_id: seminar })
      .expect(200);
    expect(response.body).toEqual({ message: 'Email erfolgreich versendet' });
    const [mail] = outbox().slice(vorher);
    const text = klartext(mail);
    expect(text).toContain('Sie haben zu „SM – Jahresabschluss kompakt SM“ gebucht:');
    expect(text).toMatch(
      /\r?\n- Jahresabschluss kompakt \(Teilnehmer: Kanzlei Müßig & Partner SM \d\): 290,00 €\r?\n/,
    );
    expect(text).toContain('Gesamtbetrag: 290,00 €');
    expect(outbox().slice(vorher)).toHaveLength(1);

    const fehler = await agent
      .post('/node/api/warenkorb/bestelluebersicht_email')
      .send({ benutzer_id: 'x', category: 'seminare', category_id: seminar });
    expect(fehler.status).toBe(400);
    expect(fehler.body.message).toContain('Benutzer');
    const fremd = await agent
      .post('/node/api/warenkorb/bestelluebersicht_email')
      .send({ benutzer_id: 1, category: 'seminare', category_id: seminar });
    expect(fremd.status).toBe(409);
    expect(fremd.body.message).toMatch(
      /keine aktuellen Buchungen; es wurde keine Bestellübersicht versendet\.$/,
    );
    const kategorie = await agent
      .post('/node/api/warenkorb/bestelluebersicht_email')
      .send({ benutzer_id: r.benutzer_id, category: 'kurse', category_id: seminar });
    expect(kategorie.status).toBe(400);
  });

  it('gives the seminar’s LG settlement as a CSV file, with the script-by-post column on request', async () => {
    const [option] = (
      await agent
        .get('/node/api/rw-bezahloption')
        .query({
          where: where({ veranstaltung_id: seminar }),
          limit: 1,
          order: JSON.stringify([['benutzer_id', 'ASC']]),
        })
        .expect(200)
    ).body as { id: number; version: number }[];
    await agent
      .put(`/node/api/rw-bezahloption/${option.id}`)
      .send({ skript_per_post: true, version: option.version })
      .expect(200);
    const ohne = await agent
      .get(`/node/api/veranstaltung/${seminar}/lg_abrechnung`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(ohne.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(ohne.headers['content-disposition']).toContain('LG-Abrechnung SM');
    const zeilen = (ohne.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(zeilen[0]).toBe(
      'Kennnummer;Benutzer;Teilnehmer (Name);Buchungstext;Betrag;Verifiziert;Rechnungsnummer;Zahlungsart',
    );
    expect(zeilen).toHaveLength(ANZAHL + 1);
    expect(
      zeilen
        .slice(1)
        .map((z) => z.split(';')[6])
        .sort(),
    ).toEqual([...nummern].sort());
    expect(zeilen[1]).toContain(';290,00;ja;');
    expect(zeilen[1]).toContain(';Überweisung');
    const mit = await agent
      .get(`/node/api/veranstaltung/${seminar}/lg_abrechnung`)
      .query({ skript_per_post: 'true' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const mitZeilen = (mit.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(mitZeilen[0].endsWith(';Skript per Post')).toBe(true);
    expect(mitZeilen.slice(1).filter((z) => z.endsWith(';ja'))).toHaveLength(1);
    const unbekannt = await agent.get('/node/api/veranstaltung/999999/lg_abrechnung');
    expect(unbekannt.status).toBe(404);
    expect(unbekannt.body.message).toBe('Seminar 999999 wurde nicht gefunden.');
  });

  it(
    'mails each invoice of the summary once: a second click sends only those not yet sent, and says so',
    async () => {
      // Three members have no e-mail yet: their invoices cannot go on the first click.
      const ohne = nummern.slice(0, 3);
      const benutzer: number[] = [];
      for (const nr of ohne) {
        const [r] = (
          await agent
            .get('/node/api/rw-rechnung')
            .query({ where: where({ rechnungs_nr: nr }) })
            .expect(200)
        ).body as { benutzer_id: number }[];
        benutzer.push(r.benutzer_id);
        await agent.put(`/node/api/benutzer/${r.benutzer_id}`).send({ primaeremail_id: null }).expect(200);
      }
      const erster = await mailen();
      expect(erster.zustand).toBe('failed');
      expect(erster.fehler).toMatch(/^6 von 9 Rechnungen versendet; nicht versendet: /);
      expect(nummern.map(mailsAn)).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1]);

      for (const id of benutzer) {
        const [email] = (
          await agent
            .get('/node/api/benutzer-email')
            .query({ where: where({ benutzer_id: id }) })
            .expect(200)
        ).body as { id: number }[];
        await agent.put(`/node/api/benutzer/${id}`).send({ primaeremail_id: email.id }).expect(200);
      }
      const zweiter = await mailen();
      expect(zweiter).toMatchObject({
        zustand: 'completed',
        ergebnis: { message: '3 Rechnungen versendet, 6 waren bereits versendet', versendet: 3, bereits: 6 },
      });
      expect(nummern.map(mailsAn)).toEqual(Array(ANZAHL).fill(1));

      const dritter = await agent
        .post(`/node/api/rw-abrechnung/${abrechnung}/rechnungenEmail`)
        .set('Prefer', 'wait=30')
        .expect(200);
      expect(dritter.body.message).toBe('0 Rechnungen versendet, 9 waren bereits versendet');
      expect(outbox().filter((m) => m.includes('Ihre Rechnung'))).toHaveLength(ANZAHL);
      const [stand] = (
        await agent
          .get('/node/api/rw-abrechnung')
          .query({ where: where({ id: abrechnung }) })
          .expect(200)
      ).body as { data: { rechnungenEmail: number } }[];
      expect(stand.data.rechnungenEmail).toBe(ANZAHL);
      const versendetAm = (
        await agent
          .get('/node/api/rw-rechnung')
          .query({ where: where({ rw_abrechnung_id: abrechnung }) })
          .expect(200)
      ).body as { email_versendet_am: string | null }[];
      expect(versendetAm.every((r) => r.email_versendet_am !== null)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'sends each invoice once when two clicks run at the same time',
    async () => {
      const zweites = await seminarMitBuchungen(agent, 6, { name: 'SZ' });
      const exportiert = await agent
        .post('/node/api/rw-abrechnung')
        .set('Prefer', 'wait=60')
        .send({ category: 'seminare', category_id: zweites.seminar })
        .expect(200);
      const vorher = outbox().length;
      const klicks = await Promise.all(
        [1, 2].map(() =>
          agent
            .post(`/node/api/rw-abrechnung/${exportiert.body.id}/rechnungenEmail`)
            .set('Prefer', 'respond-async')
            .expect(202),
        ),
      );
      const enden = await Promise.all(klicks.map((k) => bisZumEnde(agent, k.body.auftrag)));
      const ergebnisse = enden.map((e) => e[e.length - 1].ergebnis as { versendet: number; bereits: number });
      expect(ergebnisse.map((e) => e.versendet + e.bereits)).toEqual([6, 6]);
      expect(ergebnisse[0].versendet + ergebnisse[1].versendet).toBe(6);
      const neu = outbox().slice(vorher);
      expect(neu).toHaveLength(6);
      expect(new Set(neu.map((m) => /Ihre Rechnung (\S+)/.exec(m)![1])).size).toBe(6);
    },
    TIMEOUT,
  );
});
