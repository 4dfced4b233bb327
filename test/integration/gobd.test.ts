/**
 * Issue 29 (GoBD): the audit trail as one hash chain, checked by `GET /node/api/audit/verify` and
 * broken by hand behind the app's back; an invoice's trail names its storno and its payments; the
 * tax audit's Z3 export of a period: a ZIP whose index.xml fits the GDPdU DTD and whose CSVs hold
 * as many rows as the API lists for the period; both for administrators only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { berlinDatum, berlinZeitpunkt } from '../../common/kalender';
import { seminarMitBuchungen } from '../support/abrechnung-daten';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { binary } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { zipLesen } from '../support/zip-lesen';

const NUR_ADMIN =
  'Die Prüfung des Verlaufs und den GoBD-Datenexport dürfen nur Mitarbeiter mit dem Recht „Administrator“ ausführen.';
const DTD = join(__dirname, '../support/gdpdu/gdpdu-01-08-2002.dtd');

/** The records of a CSV of the export without its head (no field of the test data holds a line break). */
const datensaetze = (csv: Buffer) => {
  const text = csv.toString('utf8');
  expect(text.endsWith('\r\n') || text === '').toBe(true);
  return text.split('\r\n').slice(1, -1);
};

describe.each(databases())('GoBD audit chain and Z3 export on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mitarbeiter: request.Agent;
  let rechnungen: { id: number; rechnungs_nr: string }[];
  const heute = berlinDatum(new Date());

  const verify = async (agent = admin) => {
    const answer = await agent.get('/node/api/audit/verify');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const count = async (resource: string, where: Record<string, unknown>) =>
    (
      await admin
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), count: 'true', limit: 1 })
        .expect(200)
    ).body.count as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, mitarbeiter } = await mitarbeiterKonten(t, {
      nachname: 'Prüferin',
      vorname: 'Paula',
      benutzername: 'paula',
      password: 'Sicheres-Passwort-29',
    }));
    const { seminar } = await seminarMitBuchungen(admin, 3, { name: 'GB' });
    const lauf = await admin
      .post('/node/api/rw-rechnung')
      .set('Prefer', 'wait=25')
      .send({ category: 'seminare', category_id: seminar });
    expect(lauf.status).toBe(200);
    rechnungen = (
      await admin
        .get('/node/api/rw-rechnung')
        .query({
          where: JSON.stringify({ veranstaltung_id: seminar }),
          order: JSON.stringify([['id', 'ASC']]),
        })
        .expect(200)
    ).body;
    expect(rechnungen).toHaveLength(3);
    await admin.post(`/node/api/rw-rechnung/${rechnungen[0].id}/bezahlt`).send({ datum: heute }).expect(200);
    await admin.delete(`/node/api/rw-rechnung/${rechnungen[1].id}/modifyAll`).expect(200);
  }, 240_000);
  afterAll(() => t.close());

  it("records an invoice's storno and its payments in the invoice's own trail", async () => {
    const trail = async (id: number) =>
      (
        await admin
          .get('/node/api/audit')
          .query({
            where: JSON.stringify({ resource: 'rw-rechnung', record_id: id }),
            order: JSON.stringify([['id', 'ASC']]),
          })
          .expect(200)
      ).body as { action: string; changes: Record<string, { after?: unknown }> }[];
    const bezahlt = await trail(rechnungen[0].id);
    expect(bezahlt.map((e) => e.action)).toEqual(expect.arrayContaining(['invoice-run', 'zahlung']));
    expect(bezahlt.find((e) => e.action === 'zahlung')!.changes).toMatchObject({
      art: { after: 'eingang' },
      datum: { after: heute },
    });
    const storniert = await trail(rechnungen[1].id);
    const storno = storniert.find((e) => e.action === 'storno');
    expect(storno?.changes.storno_id.after).toEqual(expect.any(Number));
    // The storno nets off what was not received: a payment on the same trail.
    expect(storniert.find((e) => e.action === 'zahlung')!.changes).toMatchObject({
      art: { after: 'verrechnung' },
    });
  });

  it('keeps one valid chain while requests write at once, and serves the hashes read-only', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin
          .post('/node/api/benutzer')
          .send({ nachname: `Gleichzeitig ${i}` })
          .expect(201),
      ),
    );
    const ergebnis = await verify();
    expect(ergebnis).toEqual({ ok: true, geprueft: expect.any(Number) });
    expect(ergebnis.geprueft).toBeGreaterThan(20);
    const [letzte] = (await admin.get('/node/api/audit').query({ limit: 1 }).expect(200)).body;
    expect(letzte.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(letzte.vorgaenger_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin.put(`/node/api/audit/${letzte.id}`).send({ ...letzte, hash: '0' })).status).toBe(409);
  });

  it('refuses staff without the admin right in German, and a bad period', async () => {
    for (const pfad of ['/node/api/audit/verify', `/node/api/gobd-export?von=${heute}&bis=${heute}`]) {
      const answer = await mitarbeiter.get(pfad);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(NUR_ADMIN);
    }
    const ohne = await admin.get('/node/api/gobd-export').query({ von: heute });
    expect(ohne.status).toBe(400);
    expect(ohne.body.message).toBe('Bitte den Zeitraum mit „von“ und „bis“ als Datum (JJJJ-MM-TT) angeben.');
    const verkehrt = await admin.get('/node/api/gobd-export').query({ von: heute, bis: '2000-01-01' });
    expect(verkehrt.status).toBe(400);
    expect(verkehrt.body.message).toBe('Das Datum „von“ liegt nach dem Datum „bis“.');
  });

  it('exports the period as a ZIP: a valid GDPdU index and CSVs with the rows the API lists, audited', async () => {
    const answer = await admin
      .get('/node/api/gobd-export')
      .query({ von: heute, bis: heute })
      .buffer(true)
      .parse(binary);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toContain(`gobd-export_${heute}_${heute}.zip`);
    const dateien = new Map(zipLesen(answer.body as Buffer).map((e) => [e.name, e.inhalt]));
    expect([...dateien.keys()]).toEqual([
      'index.xml',
      'rechnungen.csv',
      'storno-rechnungen.csv',
      'buchungen.csv',
      'zahlungen.csv',
      'verlauf.csv',
    ]);

    const dir = mkdtempSync(join(tmpdir(), 'gobd-'));
    try {
      writeFileSync(join(dir, 'index.xml'), dateien.get('index.xml')!);
      execFileSync('xmllint', ['--noout', '--dtdvalid', DTD, join(dir, 'index.xml')], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const index = dateien.get('index.xml')!.toString('utf8');
    expect(index).toContain('<UTF8/>');

    const [jahr, monat, tag] = heute.split('-').map(Number);
    const morgen = new Date(Date.UTC(jahr, monat - 1, tag + 1)).toISOString().slice(0, 10);
    const erfasst = {
      $gte: berlinZeitpunkt(heute, '00:00').toISOString(),
      $lt: berlinZeitpunkt(morgen, '00:00').toISOString(),
    };
    const erwartet = {
      'rechnungen.csv': await count('rw-rechnung', { createdAt: erfasst, storno_parent_id: null }),
      'storno-rechnungen.csv': await count('rw-rechnung', {
        createdAt: erfasst,
        storno_parent_id: { $ne: null },
      }),
      'buchungen.csv': await count('rw-transaction', { createdAt: erfasst }),
      'zahlungen.csv': await count('rw-zahlung', { createdAt: erfasst }),
      'verlauf.csv': await count('audit', { createdAt: erfasst }),
    };
    expect(erwartet['rechnungen.csv']).toBe(3);
    expect(erwartet['storno-rechnungen.csv']).toBe(1);
    expect(erwartet['zahlungen.csv']).toBe(2);
    for (const [datei, anzahl] of Object.entries(erwartet))
      expect([datei, datensaetze(dateien.get(datei)!).length]).toEqual([datei, anzahl]);

    const rechnungsCsv = dateien.get('rechnungen.csv')!.toString('utf8');
    expect(rechnungsCsv.split('\r\n')[0]).toContain('"Rechnungsnummer";"Rechnungsdatum"');
    expect(rechnungsCsv).toContain(`"${rechnungen[0].rechnungs_nr}"`);
    expect(rechnungsCsv).toContain(';290,00;');

    const [eintrag] = (
      await admin
        .get('/node/api/audit')
        .query({
          where: JSON.stringify({ resource: 'gobd-export' }),
          order: JSON.stringify([['id', 'DESC']]),
        })
        .expect(200)
    ).body;
    expect(eintrag).toMatchObject({
      action: 'export',
      user_name: expect.any(String),
      changes: { von: { after: heute }, bis: { after: heute } },
    });
  });

  it('goes on writing after a row inserted past the application, which the check names', async () => {
    await t.dataSource.query('INSERT INTO audit (createdAt, resource, action) VALUES (?, ?, ?)', [
      new Date().toISOString().slice(0, 19).replace('T', ' '),
      'benutzer',
      'update',
    ]);
    const [{ fremd }] = await t.dataSource.query('SELECT MAX(id) AS fremd FROM audit');
    // Audit ids are given under the chain's lock: the next entry passes the foreign row's id over.
    await admin.post('/node/api/benutzer').send({ nachname: 'Nachtrag', vorname: 'Nora' }).expect(201);
    expect(await verify()).toMatchObject({ ok: false, id: Number(fremd), fehler: 'ohne_pruefsumme' });
    await t.dataSource.query('DELETE FROM audit WHERE id = ?', [fremd]);
    expect((await verify()).ok).toBe(true);
  });

  it('names a row changed behind the app’s back, and the gap a deleted row leaves', async () => {
    const zeilen = (
      await admin
        .get('/node/api/audit')
        .query({ order: JSON.stringify([['id', 'ASC']]), limit: 1000 })
        .expect(200)
    ).body as { id: number; resource: string; record_id: number; user_name: string | null }[];
    const opfer = zeilen[Math.floor(zeilen.length / 2)];
    await t.dataSource.query('UPDATE audit SET user_name = ? WHERE id = ?', ['Mallory', opfer.id]);
    expect(await verify()).toMatchObject({
      ok: false,
      id: opfer.id,
      tabelle: 'audit',
      bereich: opfer.resource,
      eintrag: opfer.record_id,
      fehler: 'inhalt',
      meldung: `Verlaufseintrag ${opfer.id} wurde nachträglich verändert: sein Inhalt passt nicht zu seiner Prüfsumme.`,
    });
    await t.dataSource.query('UPDATE audit SET user_name = ? WHERE id = ?', [opfer.user_name, opfer.id]);
    expect((await verify()).ok).toBe(true);

    const geloescht = zeilen[5];
    await t.dataSource.query('DELETE FROM audit WHERE id = ?', [geloescht.id]);
    expect(await verify()).toMatchObject({
      ok: false,
      id: zeilen[6].id,
      fehler: 'vorgaenger',
      luecke: { nach: zeilen[4].id, vor: zeilen[6].id },
      meldung: `Vor Verlaufseintrag ${zeilen[6].id} fehlt mindestens ein Eintrag (nach Eintrag ${zeilen[4].id}): er wurde gelöscht.`,
    });
  });
});
