/**
 * Issue 32: the 'Teilnehmer-Auswertung (CSV)' of verband 2 (spec 003 §6, §7) through HTTP. The
 * seminars are chosen by the seminar billing list's `where` (and search); every figure of the file
 * is recomputed here from the bookings the test made through the API, and the file is read as
 * German Excel reads it (BOM → UTF-8, `;`, CRLF, decimal comma).
 */
import { binary } from '../support/pdf-text';
import type request from 'supertest';
import { createRecord } from '../support/crud';
import { databases, startTestApp, type TestApp } from '../support/test-app';

type Row = Record<string, unknown>;
const PFAD = '/node/api/veranstaltung/teilnehmer-auswertung';

/** Cells as Excel splits a line: by `;`, a quoted cell keeps its `;` and turns `""` into `"`. */
function zellen(zeile: string): string[] {
  const ergebnis: string[] = [];
  let zelle = '';
  let zitiert = false;
  for (let i = 0; i < zeile.length; i++) {
    const c = zeile[i];
    if (zitiert && c === '"' && zeile[i + 1] === '"') zelle += zeile[i++];
    else if (c === '"') zitiert = !zitiert;
    else if (c === ';' && !zitiert) {
      ergebnis.push(zelle);
      zelle = '';
    } else zelle += c;
  }
  return [...ergebnis, zelle];
}

/** The file as German Excel opens it: a UTF-8 BOM, lines by CRLF, cells by `;`. */
function wieExcel(body: Buffer): Record<string, string>[] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [kopf, ...zeilen] = body.subarray(3).toString('utf8').replace(/\r\n$/, '').split('\r\n');
  const spalten = zellen(kopf);
  return zeilen.map((zeile) => {
    const werte = zellen(zeile);
    expect(werte).toHaveLength(spalten.length);
    return Object.fromEntries(spalten.map((s, i) => [s, werte[i]]));
  });
}

/** A German Excel number cell with two decimals → cents. */
function cent(zelle: string): number {
  expect(zelle).toMatch(/^-?\d+,\d{2}$/);
  return Number(zelle.replace(',', ''));
}

describe.each(databases())('Teilnehmer-Auswertung on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let akademie: request.Agent;
  const id: Record<string, number> = {};
  /** Cents booked per seminar and Kennnummer, summed from the API's answers. */
  const gebucht = new Map<string, number>();

  const buche = async (person: string, kennnummer: string, seminar: string) => {
    const response = await admin.post('/node/api/rw-transaction').send({
      benutzer_id: id[person],
      teilnehmer_id: id[person],
      category: 'seminare',
      veranstaltung_id: id[seminar],
      buchung_typ: 'backoffice',
    });
    expect(response.status).toBe(201);
    const key = `${seminar}/${kennnummer}`;
    gebucht.set(key, (gebucht.get(key) ?? 0) + Math.round(Number(response.body.betrag) * 100));
    return response.body as Row;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const konto = await createRecord(admin, 'benutzer', {
      vorname: 'Anna',
      nachname: 'Akademie',
      benutzername: 'akademie-test',
      atr_verband_mitarbeiter: true,
    });
    await admin
      .post(`/node/api/benutzer/${konto.id}/password`)
      .send({ password: 'Akademie-Passwort-1' })
      .expect(200);
    // The verband is no field staff edit (it comes with the account); the test sets it as the setup would.
    await t.dataSource.query('UPDATE benutzer SET verband = 2 WHERE id = ?', [konto.id]);
    akademie = await t.login('akademie-test', 'Akademie-Passwort-1');

    const typ = await createRecord(admin, 'veranstaltung-typ', { bezeichnung: 'Tagesseminar', mwst: 19 });
    const staffel = {
      preis1: 290,
      preis1_beschreibung: 'Mitglieder',
      preis2: 390.5,
      preis2_beschreibung: 'Nichtmitglieder',
    };
    for (const [key, lg_id, titel, beginn] of [
      ['fruehjahr', 'A-2026-01', 'Umsatzsteuer; aktuell', '2026-03-05T08:30:00.000Z'],
      ['herbst', 'A-2026-02', 'Erbschaftsteuer kompakt', '2026-10-01T07:00:00.000Z'],
      ['alt', 'A-2024-01', 'Bilanzierung 2024', '2024-05-01T07:00:00.000Z'],
    ])
      id[key] = (
        await createRecord(admin, 'veranstaltung', {
          lg_id,
          titel,
          beginn,
          veranstaltung_typ_id: typ.id,
          mwst: 19,
          ...staffel,
        })
      ).id;
    id.anna = (
      await createRecord(admin, 'benutzer', {
        kennnummer: '7001',
        vorname: 'Anna',
        nachname: 'Adler',
        atr_mitglied: true,
      })
    ).id;
    id.bernd = (
      await createRecord(admin, 'benutzer', {
        kennnummer: '7002',
        vorname: 'Bernd',
        nachname: 'Öztürk',
        firma: 'Öztürk & Partner',
      })
    ).id;
    id.cora = (
      await createRecord(admin, 'benutzer', { kennnummer: '7003', vorname: 'Cora', nachname: 'Clausen' })
    ).id;
    await buche('anna', '7001', 'fruehjahr');
    await buche('bernd', '7002', 'fruehjahr');
    await buche('bernd', '7002', 'herbst');
    await buche('cora', '7003', 'alt');
    // A cancelled booking is no participation: Cora's in autumn is booked and cancelled again.
    const storniert = await buche('cora', '7003', 'herbst');
    gebucht.delete('herbst/7003');
    const storno = await admin
      .put(`/node/api/rw-transaction/${String(storniert.id)}`)
      .send({ storno: true, version: storniert.version });
    expect(storno.status).toBe(200);
  }, 180_000);
  afterAll(() => t.close());

  const auswertung = (agent: request.Agent, query: Row) =>
    agent
      .get(PFAD)
      .query(
        Object.fromEntries(
          Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        ),
      )
      .buffer(true)
      .parse(binary);

  it('gives the participants of the seminars the billing list shows, figures as booked, as German Excel reads them', async () => {
    const response = await auswertung(akademie, { where: { beginn: { $gte: '2026-01-01T00:00:00.000Z' } } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('Teilnehmer-Auswertung.csv');
    const zeilen = wieExcel(response.body as Buffer);
    expect(Object.keys(zeilen[0])).toEqual([
      'LG-Nr.',
      'Seminar',
      'Beginn',
      'Kennnummer',
      'Nachname',
      'Vorname',
      'Name',
      'Firma',
      'E-Mail',
      'Berufsbezeichnung',
      'Mitglied',
      'Buchungsart',
      'Teilgenommen',
      'Betrag (€)',
    ]);
    // Seminars by their start, participants by name; the seminar of 2024 is outside the where.
    expect(zeilen.map((z) => [z['LG-Nr.'], z.Kennnummer])).toEqual([
      ['A-2026-01', '7001'],
      ['A-2026-01', '7002'],
      ['A-2026-02', '7002'],
    ]);
    const seminarVon = { 'A-2026-01': 'fruehjahr', 'A-2026-02': 'herbst' } as Record<string, string>;
    for (const z of zeilen)
      expect(cent(z['Betrag (€)'])).toBe(gebucht.get(`${seminarVon[z['LG-Nr.']]}/${z.Kennnummer}`));
    expect(zeilen.map((z) => z['Betrag (€)'])).toEqual(['290,00', '390,50', '390,50']);
    expect(zeilen[0].Seminar).toBe('Umsatzsteuer; aktuell');
    expect(zeilen[2]).toMatchObject({
      Seminar: 'Erbschaftsteuer kompakt',
      Beginn: '01.10.2026 09:00',
      Nachname: 'Öztürk',
      Firma: 'Öztürk & Partner',
      Mitglied: 'nein',
      Teilgenommen: 'ja',
    });
  });

  it('reads the bookings of all its seminars at once, not one seminar after another', async () => {
    const gelesen: string[] = [];
    jest.spyOn(t.dataSource.logger, 'logQuery').mockImplementation((sql: string) => {
      if (/FROM [`"]?rw_transaction[`"]? /i.test(sql)) gelesen.push(sql);
    });
    const response = await auswertung(akademie, {});
    jest.restoreAllMocks();

    expect(response.status).toBe(200);
    const seminare = new Set(wieExcel(response.body as Buffer).map((z) => z['LG-Nr.']));
    expect(seminare.size).toBeGreaterThanOrEqual(3);
    expect(gelesen).toHaveLength(1);
  });

  it('quotes a title holding the delimiter, so Excel keeps it in one cell', async () => {
    const response = await auswertung(akademie, { where: { id: id.fruehjahr } });
    const text = (response.body as Buffer).toString('utf8');
    expect(text).toContain('\r\nA-2026-01;"Umsatzsteuer; aktuell";05.03.2026 09:30;7001;Adler;Anna;');
  });

  it('takes the list search too, and answers only the head line without any seminar', async () => {
    const gesucht = wieExcel((await auswertung(akademie, { search: 'Bilanzierung' })).body as Buffer);
    expect(gesucht.map((z) => [z['LG-Nr.'], z.Kennnummer, z['Betrag (€)']])).toEqual([
      ['A-2024-01', '7003', (gebucht.get('alt/7003')! / 100).toFixed(2).replace('.', ',')],
    ]);
    const leer = await auswertung(akademie, { where: { lg_id: 'gibt-es-nicht' } });
    expect(leer.status).toBe(200);
    expect([...(leer.body as Buffer)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('refuses staff of other verbands with 403 and the German reason, and a bad where with 400', async () => {
    const fremd = await admin.get(PFAD);
    expect(fremd.status).toBe(403);
    expect(fremd.body.message).toBe(
      'Die Teilnehmer-Auswertung steht nur Mitarbeitern des Verbands 2 zur Verfügung.',
    );
    const falsch = await akademie.get(PFAD).query({ where: JSON.stringify({ gibtsnicht: 1 }) });
    expect(falsch.status).toBe(400);
    expect(falsch.body.message).toContain('gibtsnicht');
  });
});
