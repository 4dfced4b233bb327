/**
 * Issue 29, the DATEV Buchungsstapel through HTTP on both databases: the settings (administrators
 * only, checked), a summary's file and a month's file decoded from Windows-1252 and compared row by
 * row with the invoices (gross per rate, debtor from the member's debtor number or the collective
 * debtor, revenue account, Belegfeld 1 = invoice number), a storno as the reversal, a payment as
 * its own posting, several months as a ZIP, and a repeated export marked and said so.
 */
import iconv from 'iconv-lite';
import type request from 'supertest';
import { DATEV_BEREITS, datevBereitsLesen } from '../../common/datev';
import { BUCHUNGSSTAPEL_SPALTEN } from '../../src/shared/datev/buchungsstapel';
import { berlinDatum } from '../../common/kalender';
import { anschrift, seminarMitVorlage } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { datevEinstellungen, zellen } from '../support/datev';
import { binary } from '../support/pdf-text';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { zipLesen } from '../support/zip-lesen';

const STARTUP_TIMEOUT = 180_000;
type Row = Record<string, unknown>;

/** The file as DATEV reads it: cp1252, CR/LF lines; header, headings and rows as cells. */
function lesen(datei: Buffer) {
  const text = iconv.decode(datei, 'win1252');
  expect(text.endsWith('\r\n')).toBe(true);
  const zeilen = text.slice(0, -2).split('\r\n');
  expect(zeilen.every((z) => !z.includes('\n') && !z.includes('\r'))).toBe(true);
  const [kopf, spalten, ...daten] = zeilen;
  expect(spalten).toBe(BUCHUNGSSTAPEL_SPALTEN.join(';'));
  const feld = (z: { wert: string }[], name: string) => z[BUCHUNGSSTAPEL_SPALTEN.indexOf(name)].wert;
  const rows = daten.map((d) => {
    const z = zellen(d);
    expect(z).toHaveLength(125);
    return {
      umsatz: feld(z, 'Umsatz (ohne Soll/Haben-Kz)'),
      sh: feld(z, 'Soll/Haben-Kennzeichen'),
      konto: feld(z, 'Konto'),
      gegenkonto: feld(z, 'Gegenkonto (ohne BU-Schlüssel)'),
      belegdatum: feld(z, 'Belegdatum'),
      beleg: feld(z, 'Belegfeld 1'),
      text: feld(z, 'Buchungstext'),
    };
  });
  const k = zellen(kopf);
  expect(k).toHaveLength(31);
  return { kopf: k.map((c) => c.wert), rows, text };
}

describe.each(databases())('DATEV Buchungsstapel on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mitarbeiter: request.Agent;
  const ids: Record<string, number> = {};
  const post = async (resource: string, body: Row) =>
    (await createRecord(admin, resource, body)).id as number;
  const rechnungen = async () =>
    (
      await admin
        .get('/node/api/rw-rechnung')
        .query({
          where: JSON.stringify({ rw_abrechnung_id: ids.abrechnung }),
          order: JSON.stringify([['id', 'ASC']]),
        })
        .expect(200)
    ).body as Row[];
  const laden = (url: string, query: Row = {}) =>
    admin.get(url).query(query).buffer(true).parse(binary).expect(200);
  const monat = berlinDatum(new Date()).slice(0, 7);
  const ttmm = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, mitarbeiter } = await mitarbeiterKonten(t, {
      nachname: 'Drexler',
      vorname: 'Dana',
      benutzername: 'dana-d',
      password: 'Datev-Buchung-Eiche-29',
    }));
    ids.seminar = await seminarMitVorlage(admin, { kuerzel: 'DV', titel: 'Bilanz kompakt' });
    const mitglied = async (firma: string, betrag: number, debitor_nr: number | null) => {
      const id = await post('benutzer', { firma, kennnummer: `DV-${betrag}`, debitor_nr });
      await post('rw-bezahloption', {
        benutzer_id: id,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        typ: 'transfer',
        benutzer_adresse_id: await post('benutzer-adresse', anschrift(id)),
      });
      await post('rw-transaction', {
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        benutzer_id: id,
        betrag,
        titel: 'Tag 1',
      });
      return id;
    };
    ids.mueller = await mitglied('Müller & Söhne „Kanzlei“', 119, 10042);
    ids.becker = await mitglied('Becker Steuerberatung', 238, null);
    ids.abrechnung = (
      await admin
        .post('/node/api/rw-abrechnung')
        .set('Prefer', 'wait=25')
        .send({ category: 'seminare', category_id: ids.seminar, only_verified: false })
        .expect(200)
    ).body.id;
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('asks for Berater- and Mandantennummer before any export', async () => {
    const antwort = await admin.get(`/node/api/rw-abrechnung/${ids.abrechnung}/datev`).expect(409);
    expect(antwort.body.message).toBe(
      'Bitte zuerst Berater- und Mandantennummer in den DATEV-Einstellungen eintragen.',
    );
  });

  it('lets administrators only change the settings, checked by field', async () => {
    const werte = { ...(await datevEinstellungen(admin)), beraternummer: 29098, mandantennummer: 55003 };
    expect(werte).toMatchObject({ kontenrahmen: '03', geldkonto: 1200 });
    const verweigert = await mitarbeiter.put('/node/api/datev-einstellungen').send(werte).expect(403);
    expect(verweigert.body.message).toContain('nur Mitarbeiter mit dem Recht „Administrator“');
    const falsch = await admin
      .put('/node/api/datev-einstellungen')
      .send({ ...werte, sammeldebitor: 1234 })
      .expect(400);
    expect(falsch.body.message).toContain(
      '„Sammeldebitor (Mitglieder ohne Debitorennummer)“ muss zwischen 10000 und 99999 liegen',
    );
    const gespeichert = await admin.put('/node/api/datev-einstellungen').send(werte).expect(200);
    expect(gespeichert.body).toMatchObject({
      beraternummer: 29098,
      mandantennummer: 55003,
      bearbeitbar: true,
    });
  });

  it('writes a summary’s invoices as postings, field by field as the invoices say', async () => {
    const antwort = await laden(`/node/api/rw-abrechnung/${ids.abrechnung}/datev`);
    expect(antwort.headers['content-type']).toContain('text/csv');
    expect(antwort.headers['content-disposition']).toContain(
      `EXTF_Buchungsstapel_Abrechnung_${ids.abrechnung}.csv`,
    );
    expect(datevBereitsLesen(antwort.headers[DATEV_BEREITS.toLowerCase()] as string)).toEqual([]);
    const { kopf, rows, text } = lesen(antwort.body as Buffer);
    expect(kopf.slice(0, 5)).toEqual(['EXTF', '700', '21', 'Buchungsstapel', '13']);
    expect(kopf.slice(10, 14)).toEqual(['29098', '55003', `${monat.slice(0, 4)}0101`, '4']);
    const invoices = await rechnungen();
    expect(rows).toEqual(
      invoices.map((r) => ({
        umsatz: `${Number(r.betrag).toFixed(2).replace('.', ',')}`,
        sh: 'S',
        konto: r.benutzer_id === ids.mueller ? '10042' : '10000',
        gegenkonto: '8400',
        belegdatum: ttmm(berlinDatum(new Date(String(r.createdAt)))),
        beleg: String(r.rechnungs_nr),
        text:
          r.benutzer_id === ids.mueller
            ? 'Rechnung Müller & Söhne „Kanzlei“'
            : 'Rechnung Becker Steuerberatung',
      })),
    );
    expect(kopf[14]).toBe(berlinDatum(new Date(String(invoices[0].createdAt))).replace(/-/g, ''));
    // „ and “ are in Windows-1252 (0x84, 0x93): written as such, not replaced.
    expect(text).toContain('„Kanzlei“');
  });

  it('books a storno as the reversal and a payment as its own posting in the month’s file', async () => {
    const [mueller, becker] = await rechnungen();
    const storno = await admin.delete(`/node/api/rw-rechnung/${mueller.id}/modifyAll`).expect(200);
    const stornoNr = (await admin.get(`/node/api/rw-rechnung/${storno.body.storno}`).expect(200)).body
      .rechnungs_nr;
    const heute = berlinDatum(new Date());
    await admin.post(`/node/api/rw-rechnung/${becker.id}/bezahlt`).send({ datum: heute }).expect(200);

    const ohne = lesen(
      (await laden('/node/datev/buchungsstapel', { von: monat, bis: monat })).body as Buffer,
    );
    expect(ohne.rows.map((r) => [r.beleg, r.sh, r.konto])).toEqual([
      [mueller.rechnungs_nr, 'S', '10042'],
      [becker.rechnungs_nr, 'S', '10000'],
      [stornoNr, 'H', '10042'],
    ]);
    expect(ohne.rows[2]).toMatchObject({ umsatz: '119,00', gegenkonto: '8400' });
    expect(ohne.rows[2].text).toBe(`Storno zu ${String(mueller.rechnungs_nr)} Müller & Söhne „Kanzlei“`);
    expect(ohne.kopf.slice(14, 16)).toEqual([
      `${monat.replace('-', '')}01`,
      expect.stringMatching(/^\d{8}$/),
    ]);

    const mit = await laden('/node/datev/buchungsstapel', { von: monat, bis: monat, zahlungen: 'true' });
    const { rows } = lesen(mit.body as Buffer);
    expect(rows.find((r) => r.konto === '1200')).toEqual({
      umsatz: '238,00',
      sh: 'S',
      konto: '1200',
      gegenkonto: '10000',
      belegdatum: ttmm(heute),
      beleg: becker.rechnungs_nr,
      text: 'Zahlung Becker Steuerberatung',
    });
    // The second download of the month says the first.
    const bereits = datevBereitsLesen(mit.headers[DATEV_BEREITS.toLowerCase()] as string);
    expect(bereits).toEqual([expect.objectContaining({ monat, von: expect.any(String) })]);
  });

  it('marks exported months and gives several months as a ZIP of one file each', async () => {
    const monate = (
      await admin
        .get('/node/datev/monate')
        .query({ jahr: monat.slice(0, 4) })
        .expect(200)
    ).body as {
      monat: string;
      rechnungen: number;
      exporte: unknown[];
    }[];
    expect(monate).toHaveLength(12);
    const dieser = monate.find((m) => m.monat === monat)!;
    expect(dieser.rechnungen).toBe(3);
    expect(dieser.exporte).toHaveLength(2);
    expect(monate.filter((m) => m.exporte.length > 0).map((m) => m.monat)).toEqual([monat]);

    const jahr = monat.slice(0, 4);
    const antwort = await laden('/node/datev/buchungsstapel', { von: `${jahr}-01`, bis: `${jahr}-12` });
    expect(antwort.headers['content-type']).toContain('application/zip');
    const eintraege = zipLesen(antwort.body as Buffer);
    expect(eintraege.map((e) => e.name)).toEqual(
      Array.from(
        { length: 12 },
        (_, i) => `EXTF_Buchungsstapel_${jahr}-${String(i + 1).padStart(2, '0')}.csv`,
      ),
    );
    for (const e of eintraege) {
      const { kopf, rows } = lesen(e.inhalt);
      const m = e.name.slice(20, 27);
      expect(kopf[14]).toBe(`${m.replace('-', '')}01`);
      expect(rows).toHaveLength(m === monat ? 3 : 0);
    }
  });

  it('refuses a bad period in German, changing nothing', async () => {
    const antwort = await admin
      .get('/node/datev/buchungsstapel')
      .query({ von: '2026-13', bis: '2026-01' })
      .expect(400);
    expect(antwort.body.message).toContain('Der Zeitraum ist ungültig');
  });
});
