import iconv from 'iconv-lite';
import type request from 'supertest';
import { berlinDatum, monateZurueck } from '../../common/kalender';
import { NACHTLAUF } from '../../src/membership/adapters/jobs/gruppen.jobs';
import { GruppenPflege } from '../../src/membership/application/gruppen-pflege';
import { naechsterNachtlauf } from '../../src/membership/domain/gruppen-regeln';
import { JobQueue } from '../../src/platform/queue/job-queue';
import { WbAbo, WbAboBuchung, WbAboTurnus } from '../../src/promotions/adapters/persistence/wb-abo.entity';
import { databases, startTestApp, TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

/**
 * Issue 9: user groups through HTTP — the type rules on save, adding and removing members, the
 * newsletter fill, every automatic rule on a small hand-made population, the refill as a queue
 * job (idempotent, safe when two run at once, nightly), and the CSV comparison of a
 * Windows-1252 file.
 */
describe.each(databases())('user groups on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  /** The fixture's Benutzer by short name; `admin` is the staff user of every test app. */
  const b: Record<string, number> = {};
  /** Their e-mails by address. */
  const mail: Record<string, number> = {};
  let bezirk1: number;
  let bezirk2: number;
  const heute = berlinDatum(new Date());

  const post = async (path: string, body: unknown, status = 201) => {
    const response = await api.post(path).send(body as object);
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response.body;
  };
  const gruppe = (body: Record<string, unknown>) => post('/node/api/benutzer-gruppe', body) as Promise<Row>;
  const put = (id: number, body: Record<string, unknown>) =>
    api.put(`/node/api/benutzer-gruppe/${id}`).send(body);
  const mitglieder = async (id: number, resource = 'benutzer-benutzer-gruppe', feld = 'benutzer_id') => {
    const response = await api
      .get(`/node/api/${resource}`)
      .query({ where: JSON.stringify({ benutzer_gruppe_id: id }) });
    return (response.body as Row[]).map((row) => row[feld] as number).sort((x, y) => x - y);
  };
  const ids = (...namen: string[]) => namen.map((name) => b[name]).sort((x, y) => x - y);
  const refill = (id: number) => api.post(`/node/api/benutzer-gruppe/${id}/auto_refill`);

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    b.admin = (await api.get('/node/loginInfo')).body.id;
    bezirk1 = (await post('/node/api/verband-bezirk', { bezirk_nummer: 1, bezirk_name: 'Nord' })).id;
    bezirk2 = (await post('/node/api/verband-bezirk', { bezirk_nummer: 2, bezirk_name: 'Süd' })).id;
    const anlegen = async (name: string, body: Record<string, unknown>, emails: string[] = []) => {
      b[name] = (await post('/node/api/benutzer', body)).id;
      for (const email of emails)
        mail[email] = (await post('/node/api/benutzer-email', { benutzer_id: b[name], email })).id;
      if (emails.length)
        await api.put(`/node/api/benutzer/${b[name]}`).send({ primaeremail_id: mail[emails[0]] });
    };
    await anlegen(
      'm1',
      {
        vorname: 'Jürgen',
        nachname: 'Müller',
        gender: 'male',
        atr_mitglied: true,
        atr_referent: true,
        verband_bezirk_id: bezirk1,
        berufsbezeichnung: 'StB/StBin',
        stb_datum: monateZurueck(heute, 1),
      },
      ['M1@Beispiel.de'],
    );
    await anlegen(
      'm2',
      {
        kennnummer: '4711',
        vorname: 'Änne',
        nachname: 'Schäfer',
        gender: 'female',
        atr_mitglied: true,
        atr_kein_newsletter: true,
        verband_bezirk_id: bezirk2,
        berufsbezeichnung: 'WP/WPin',
        stb_datum: '2019-05-01',
      },
      ['m2@beispiel.de'],
    );
    await anlegen(
      'm3',
      {
        vorname: 'Otto',
        nachname: 'Inaktiv',
        gender: 'male',
        atr_mitglied: true,
        aktiviert: false,
        verband_bezirk_id: bezirk1,
      },
      ['m3@beispiel.de'],
    );
    await anlegen('f1', { firma: 'Kanzlei Süd GmbH', atr_mitglied: true }, ['info@kanzlei-sued.de']);
    await anlegen(
      'e1',
      {
        vorname: 'Erika',
        nachname: 'Weiß',
        gender: 'female',
        parent_id: b.f1,
        atr_verband_mitarbeiter: true,
        benutzername: 'erika.weiss',
      },
      ['erika.weiss@kanzlei-sued.de'],
    );
    await anlegen(
      'n1',
      { vorname: 'Nina', nachname: 'Neu', atr_kein_newsletter: true, stb_datum: monateZurueck(heute, 2) },
      ['n1@beispiel.de', 'n1.privat@beispiel.de'],
    );
    await anlegen('f2', { firma: 'Nichtmitglied & Partner' });
    await anlegen('e2', { vorname: 'Emil', nachname: 'Angestellt', gender: 'male', parent_id: b.f2 });

    const abo = await t.dataSource.getRepository(WbAbo).save({ titel: 'Praxis-Abo Steuern' });
    const turnus = await t.dataSource
      .getRepository(WbAboTurnus)
      .save({ wb_abo_id: abo.id, von: '2026-01-01' });
    await t.dataSource.getRepository(WbAboBuchung).save([
      { benutzer_id: b.m2, wb_abo_id: abo.id, first_turnus_id: turnus.id, storno_datum: '2026-03-10' },
      { benutzer_id: b.n1, wb_abo_id: abo.id, first_turnus_id: turnus.id, storno_datum: null },
    ]);
  });
  afterAll(() => t?.close());

  describe('the type rules on save (spec 001 §4)', () => {
    it('gives a new NWG group zuordnung email, newsletter and no verbandsintern', async () => {
      expect(await gruppe({ name: 'Steuern aktuell', typ: 'NWG' })).toMatchObject({
        typ: 'NWG',
        zuordnung: 'email',
        newsletter: true,
        verbandsintern: false,
      });
    });

    it('turns a group into an Auto group: zuordnung benutzer, the rule’s name, the current year', async () => {
      const g = await gruppe({ name: 'Vorläufig', typ: 'Intern' });
      expect(g).toMatchObject({ zuordnung: 'email', newsletter: false, verbandsintern: true });
      const auto = await put(g.id, {
        typ: 'Auto',
        code: 'auto_stb_neuzugelassen_pro_jahr',
        name: '',
        beschreibung: '',
      });
      expect(auto.status).toBe(200);
      expect(auto.body).toMatchObject({
        typ: 'Auto',
        zuordnung: 'benutzer',
        name: 'Neu zugelassene StB (pro Jahr)',
        beschreibung: 'Benutzer, deren StB-Datum im gewählten Jahr liegt.',
        data: { auto_stb_neuzugelassen_jahr: Number(heute.slice(0, 4)) },
      });
      const other = await put(g.id, { code: 'auto_referenten' });
      expect(other.body.data).toEqual({});
      expect(other.body.name).toBe('Neu zugelassene StB (pro Jahr)');
    });

    it('refuses what a type forbids with German field messages, and stores nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { name: 'T', typ: 'Teilnehmer' },
          '„Typ“ darf bei neuen Gruppen nicht „Teilnehmer“ sein (Teilnehmer-Gruppen entstehen mit ihrem Seminar)',
        ],
        [
          { name: 'A', typ: 'Auto', code: 'auto_referenten', zuordnung: 'email' },
          '„Zuordnung“ muss bei Auto-Gruppen „Benutzer“ sein',
        ],
        [
          { name: 'A', typ: 'Auto', code: 'auto_bezirk' },
          '„Bezirk“ ist für Bezirksmitglieder ein Pflichtfeld',
        ],
        [
          { name: 'A', typ: 'Auto', code: 'auto_gibt_es_nicht' },
          '„Automatik-Regel“ ist unbekannt („auto_gibt_es_nicht“)',
        ],
        [{ name: 'N', typ: 'NWG', veranstaltung_id: 1 }, '„Seminar“ ist nur bei Teilnehmer-Gruppen zulässig'],
      ];
      const vorher = (await api.get('/node/api/benutzer-gruppe').query({ count: true })).body.count;
      for (const [body, meldung] of cases) {
        const response = await api.post('/node/api/benutzer-gruppe').send(body);
        expect({ status: response.status, message: response.body.message }).toEqual({
          status: 400,
          message: `Bitte prüfen Sie die Eingaben: ${meldung}.`,
        });
      }
      expect((await api.get('/node/api/benutzer-gruppe').query({ count: true })).body.count).toBe(vorher);
    });

    it('keeps the seminar, event and valid-until of a Teilnehmer group read-only', async () => {
      await t.dataSource.query(
        "INSERT INTO benutzer_gruppe (name, typ, zuordnung, gueltig_bis) VALUES ('Teilnehmer Test', 'Teilnehmer', 'benutzer', '2026-12-31')",
      );
      const [{ id }] = await t.dataSource.query(
        "SELECT id FROM benutzer_gruppe WHERE name = 'Teilnehmer Test'",
      );
      const geaendert = await put(id, { gueltig_bis: '2027-06-30' });
      expect(geaendert.status).toBe(400);
      expect(geaendert.body.errors).toEqual({
        gueltig_bis: 'kann bei Teilnehmer-Gruppen nicht geändert werden',
      });
      const umbenannt = await put(id, { name: 'Teilnehmer umbenannt', gueltig_bis: '2026-12-31' });
      expect(umbenannt.status).toBe(200);
      const intern = await put(id, { typ: 'Intern' });
      expect(intern.body).toMatchObject({ typ: 'Intern', zuordnung: 'email', veranstaltung_id: null });
    });

    it('refuses an assignment that would hide the members the group holds (409)', async () => {
      const g = await gruppe({ name: 'Gemischt', typ: 'Intern', zuordnung: 'alle' });
      await post(`/node/api/benutzer-gruppe/${g.id}/benutzers`, [b.m1]);
      const response = await put(g.id, { zuordnung: 'email' });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        'Die Gruppe enthält Benutzer: die Zuordnung „Email“ ist erst möglich, wenn sie entfernt sind.',
      );
      expect((await api.get(`/node/api/benutzer-gruppe/${g.id}`)).body.zuordnung).toBe('alle');
    });
  });

  describe('members', () => {
    let g: Row;
    beforeAll(async () => {
      g = await gruppe({ name: 'Vorstand', typ: 'Intern', zuordnung: 'alle' });
    });

    it('adds Benutzer by id and answers the new link rows', async () => {
      const rows = (await post(`/node/api/benutzer-gruppe/${g.id}/benutzers`, [b.m1, String(b.m2)])) as Row[];
      expect(rows.map((r) => r.benutzer_id).sort()).toEqual(ids('m1', 'm2'));
      expect(rows[0]).toMatchObject({ id: expect.any(Number), benutzer_gruppe_id: g.id });
    });

    it('ignores ids already in the group: no duplicate, no error', async () => {
      const rows = (await post(`/node/api/benutzer-gruppe/${g.id}/benutzers`, [b.m1, b.f1, b.f1])) as Row[];
      expect(rows.map((r) => r.benutzer_id)).toEqual([b.f1]);
      expect(await mitglieder(g.id)).toEqual(ids('m1', 'm2', 'f1'));
    });

    it('refuses unknown ids naming them, and adds nothing', async () => {
      const response = await api
        .post(`/node/api/benutzer-gruppe/${g.id}/benutzers`)
        .send([b.e1, 999998, 999999]);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'Unbekannte Benutzer (IDs 999998, 999999); es wurde nichts hinzugefügt.',
      );
      expect(await mitglieder(g.id)).toEqual(ids('m1', 'm2', 'f1'));
    });

    it.each([
      [[], 400, 'Bitte prüfen Sie die Eingaben: „IDs“ darf nicht leer sein.'],
      [{ ids: [1] }, 400, 'Bitte prüfen Sie die Eingaben: „IDs“ muss eine Liste sein.'],
      [['eins'], 400, 'Bitte prüfen Sie die Eingaben: „IDs › Eintrag 1“ muss eine gültige ID sein.'],
    ])('refuses the body %j', async (body, status, message) => {
      const response = await api.post(`/node/api/benutzer-gruppe/${g.id}/benutzers`).send(body);
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    });

    it('answers 404 for a group that does not exist', async () => {
      const response = await api.post('/node/api/benutzer-gruppe/999999/benutzers').send([b.m1]);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Die Gruppe 999999 wurde nicht gefunden.');
    });

    it('adds e-mails, and only to groups that hold e-mails', async () => {
      const rows = (await post(`/node/api/benutzer-gruppe/${g.id}/emails`, [
        mail['m2@beispiel.de'],
      ])) as Row[];
      expect(rows.map((r) => r.benutzer_email_id)).toEqual([mail['m2@beispiel.de']]);
      const nurBenutzer = await gruppe({ name: 'Datev', typ: 'Datev', zuordnung: 'benutzer' });
      const response = await api
        .post(`/node/api/benutzer-gruppe/${nurBenutzer.id}/emails`)
        .send([mail['m2@beispiel.de']]);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Die Gruppe „Datev“ nimmt nur Benutzer auf (Zuordnung „Benutzer“).');
      const generic = await api
        .post('/node/api/benutzer-email-gruppe')
        .send({ benutzer_gruppe_id: nurBenutzer.id, benutzer_email_id: mail['m2@beispiel.de'] });
      expect(generic.status).toBe(409);
    });

    it('removes links by a list of ids, and all at once', async () => {
      const links = (
        await api.get('/node/api/benutzer-benutzer-gruppe').query({
          where: JSON.stringify({ benutzer_gruppe_id: g.id, benutzer_id: { $in: [b.m1, b.m2] } }),
        })
      ).body as Row[];
      const removed = await api.delete('/node/api/benutzer-benutzer-gruppe').send(links.map((l) => l.id));
      expect(removed.body).toEqual({ deleted: 2 });
      expect(await mitglieder(g.id)).toEqual(ids('f1'));
      const all = await api.delete(`/node/api/benutzer-gruppe/${g.id}/emails`);
      expect(all.body).toEqual({ deleted: 1 });
      expect((await api.delete(`/node/api/benutzer-gruppe/${g.id}/benutzers`)).body).toEqual({ deleted: 1 });
      expect(await mitglieder(g.id)).toEqual([]);
      expect((await api.delete('/node/api/benutzer-gruppe/999999/benutzers')).status).toBe(404);
    });

    it('fills a newsletter group with the primary e-mails of members who did not opt out (spec 001 §7)', async () => {
      const nwg = await gruppe({ name: 'Newsletter Mitglieder', typ: 'NWG' });
      const fill = () => api.post(`/node/api/benutzer-gruppe/${nwg.id}/newsletter_fill`);
      // m1 and m3 (the spec's filter does not ask for activation) and the firm f1; m2 and n1 opted out.
      expect((await fill()).body).toEqual({ created: 3 });
      expect(await mitglieder(nwg.id, 'benutzer-email-gruppe', 'benutzer_email_id')).toEqual(
        [mail['M1@Beispiel.de'], mail['m3@beispiel.de'], mail['info@kanzlei-sued.de']].sort((x, y) => x - y),
      );
      expect((await fill()).body).toEqual({ created: 0 });
      const intern = await gruppe({ name: 'Kein Newsletter', typ: 'Intern' });
      const refused = await api.post(`/node/api/benutzer-gruppe/${intern.id}/newsletter_fill`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/keine Newsletter-Gruppe/);
    });
  });

  describe('automatic groups', () => {
    const auto = (code: string, extra: Record<string, unknown> = {}) =>
      gruppe({ name: '', typ: 'Auto', code, ...extra });

    const rules: [string, Record<string, unknown>, string[]][] = [
      ['auto_mitglieder', {}, ['m1', 'm2', 'f1']],
      ['auto_mitglieder_alle', {}, ['m1', 'm2', 'f1', 'e1']],
      ['auto_mitglieder_mitarbeiter', {}, ['e1']],
      ['auto_nichtmitglieder', {}, ['n1', 'f2', 'admin']],
      ['auto_nichtmitglieder_alle', {}, ['n1', 'f2', 'e2', 'admin']],
      ['auto_nichtmitglieder_mitarbeiter', {}, ['e2']],
      ['auto_maennlich', {}, ['m1', 'e2']],
      ['auto_weiblich', {}, ['m2', 'e1']],
      ['auto_geschlecht_ohne', {}, ['f1', 'n1', 'f2', 'admin']],
      ['auto_bezirk', { bezirk: 1 }, ['m1']],
      ['auto_verbandsmitarbeiter', {}, ['e1', 'admin']],
      ['auto_referenten', {}, ['m1']],
      ['auto_berufsbezeichnung', { auto_berufsbezeichnungen: ['StB/StBin', 'WP/WPin'] }, ['m1', 'm2']],
      ['auto_stb_neuzugelassen', {}, ['m1', 'n1']],
      ['auto_stb_neuzugelassen_mitglieder', {}, ['m1']],
      ['auto_stb_neuzugelassen_nichtmitglieder', {}, ['n1']],
      ['auto_stb_neuzugelassen_pro_jahr', { data: { auto_stb_neuzugelassen_jahr: 2019 } }, ['m2']],
      ['auto_kein_newsletter', {}, ['m2', 'n1']],
      ['auto_abo_storno', { data: { auto_abo_storno_stichwort: 'PRAXIS' } }, ['m2']],
      [
        'auto_abo_storno',
        {
          data: {
            auto_abo_storno_stichwort: 'praxis',
            auto_abo_storno_date_von: '2026-03-11',
            auto_abo_storno_date_bis: '2026-12-31',
          },
        },
        [],
      ],
    ];

    it.each(rules)('%s %j holds the activated Benutzer it selects: %j', async (code, extra, erwartet) => {
      const { bezirk, ...rest } = extra;
      const g = await auto(
        code,
        bezirk ? { ...rest, verband_bezirk_id: bezirk === 1 ? bezirk1 : bezirk2 } : rest,
      );
      const response = await refill(g.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ created: erwartet.length, deleted: 0 });
      expect(await mitglieder(g.id)).toEqual(ids(...erwartet));
    });

    it('refills idempotently, and removes who stops matching', async () => {
      const g = await auto('auto_referenten');
      expect((await refill(g.id)).body).toEqual({ created: 1, deleted: 0 });
      expect((await refill(g.id)).body).toEqual({ created: 0, deleted: 0 });
      await api.put(`/node/api/benutzer/${b.m2}`).send({ atr_referent: true });
      await api.put(`/node/api/benutzer/${b.m1}`).send({ atr_referent: false });
      expect((await refill(g.id)).body).toEqual({ created: 1, deleted: 1 });
      expect(await mitglieder(g.id)).toEqual(ids('m2'));
      await api.put(`/node/api/benutzer/${b.m2}`).send({ aktiviert: false });
      expect((await refill(g.id)).body).toEqual({ created: 0, deleted: 1 });
      await api.put(`/node/api/benutzer/${b.m2}`).send({ aktiviert: true, atr_referent: false });
      await api.put(`/node/api/benutzer/${b.m1}`).send({ atr_referent: true });
    });

    it('records who refilled and what changed in the audit trail', async () => {
      const g = await auto('auto_maennlich');
      await refill(g.id);
      const audit = await api.get('/node/api/audit').query({
        where: JSON.stringify({ resource: 'benutzer-gruppe', record_id: g.id }),
        order: JSON.stringify([['id', 'ASC']]),
      });
      expect(audit.body.map((e: Row) => [e.action, e.user_id, e.changes])).toEqual([
        ['create', b.admin, expect.objectContaining({ code: { after: 'auto_maennlich' } })],
        ['refill', b.admin, { hinzugefuegt: { after: 2 } }],
      ]);
    });

    it('refuses to refill a group that is not Auto, in German, and an unknown group', async () => {
      const nwg = await gruppe({ name: 'Steuerrecht', typ: 'NWG' });
      const response = await refill(nwg.id);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        '„Steuerrecht“ ist keine automatische Gruppe (Typ NWG): nur Auto-Gruppen werden nach ihrer Regel befüllt.',
      );
      expect((await refill(999999)).status).toBe(404);
    });

    it('refuses to add members by hand to an automatic group', async () => {
      const g = await auto('auto_referenten');
      const response = await api.post(`/node/api/benutzer-gruppe/${g.id}/benutzers`).send([b.m2]);
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/automatische Gruppe/);
    });

    it('holds each matching Benutzer once when two refills run at once', async () => {
      const g = await auto('auto_mitglieder_alle');
      const [eins, zwei] = await Promise.all([refill(g.id), refill(g.id)]);
      expect([eins.status, zwei.status]).toEqual([200, 200]);
      expect(eins.body.created + zwei.body.created).toBe(4);
      // Straight through the use case too, past the queue's one-job-at-a-time worker.
      await api.delete(`/node/api/benutzer-gruppe/${g.id}/benutzers`);
      const pflege = t.app.get(GruppenPflege);
      const direkt = await Promise.all([
        pflege.auffuellen(g.id, null),
        pflege.auffuellen(g.id, null),
        pflege.auffuellen(g.id, null),
      ]);
      expect(direkt.reduce((sum, r) => sum + r.created, 0)).toBe(4);
      expect(await mitglieder(g.id)).toEqual(ids('m1', 'm2', 'f1', 'e1'));
    });

    it('refills every automatic group in the nightly job, which is queued for the coming night', async () => {
      const g = await auto('auto_weiblich');
      const nacht = await t.app.get(GruppenPflege).alleAuffuellen();
      expect(nacht.fehler).toEqual([]);
      expect(await mitglieder(g.id)).toEqual(ids('m2', 'e1'));
      const lauf = naechsterNachtlauf(new Date()).toISOString().slice(0, 10);
      const job = await t.app.get(JobQueue).getJob(NACHTLAUF, `nachtlauf-${lauf}`);
      expect(job?.state).toBe('delayed');
    });
  });

  describe('the CSV comparison (spec 001 §2, §4)', () => {
    const datei = iconv.encode(
      [
        'E-Mail;Name;Firma;Kennnummer;Bemerkung',
        ' m1@BEISPIEL.de ;Jürgen Müller;;;Vorstand',
        'N1.Privat@beispiel.de;;;;zweite Adresse',
        'm3@beispiel.de;Otto Inaktiv;;;',
        'unbekannt@nirgendwo.de;Otto Öztürk;;;nicht im System',
        'info@kanzlei-sued.de;;Kanzlei Süd GmbH;;schon drin',
        ';Erika Weiß;Kanzlei Süd GmbH;;über Name und Firma',
        ';;;4711;über die Kennnummer',
        'm1@beispiel.de;;;;doppelt',
      ].join('\r\n'),
      'win1252',
    );
    let g: Row;

    /**
     * Uploads a file for comparison (spec 001 §4, issue 26): the answer names the job's file with
     * the four buckets, fetched as the screen does; a refusal answers its status and message.
     */
    const compare = async (inhalt: Buffer | string = datei, zuordnung?: string, id = g.id) => {
      const anfrage = api
        .post(`/node/api/benutzer-gruppe/${id}/csv_compare`)
        .attach('file', Buffer.from(inhalt), 'liste.csv');
      const response = await (zuordnung ? anfrage.field('zuordnung', zuordnung) : anfrage);
      if (response.status !== 200)
        return { status: response.status, body: response.body, ergebnis: undefined };
      const { name, id: auftrag } = response.body.auftrag as { name: string; id: string };
      const abgleich = await api.get(`/node/api/auftraege/${name}/${auftrag}/datei`).buffer(true);
      expect(abgleich.status).toBe(200);
      return { status: 200, body: JSON.parse(abgleich.text), ergebnis: response.body };
    };
    const zeilen = (bucket: { rows: { zeile: number }[] }) => bucket.rows.map((r) => r.zeile);

    beforeAll(async () => {
      g = await gruppe({ name: 'Abgleich', typ: 'NWG' });
      await post(`/node/api/benutzer-gruppe/${g.id}/emails`, [mail['info@kanzlei-sued.de']]);
    });

    it('sorts a Windows-1252 `;` file with umlauts and mixed case into the four buckets', async () => {
      const response = await compare();
      expect(response.status).toBe(200);
      expect(response.ergebnis).toMatchObject({
        zuordnung: 'email',
        anzahl: { bereit: 4, vorhanden: 2, inaktiv: 1, nicht_gefunden: 1 },
        name: 'Abgleich.json',
      });
      const { zuordnung, bereit, vorhanden, inaktiv, nicht_gefunden } = response.body;
      expect(zuordnung).toBe('email');
      expect({
        bereit: bereit.count,
        vorhanden: vorhanden.count,
        inaktiv: inaktiv.count,
        nicht_gefunden: nicht_gefunden.count,
      }).toEqual({
        bereit: 4,
        vorhanden: 2,
        inaktiv: 1,
        nicht_gefunden: 1,
      });
      expect(zeilen(bereit)).toEqual([2, 3, 7, 8]);
      expect(bereit.rows.map((r: { ziel_id: number }) => r.ziel_id)).toEqual([
        mail['M1@Beispiel.de'],
        mail['n1.privat@beispiel.de'],
        mail['erika.weiss@kanzlei-sued.de'],
        mail['m2@beispiel.de'],
      ]);
      expect(bereit.rows[0]).toMatchObject({
        row: { 'E-Mail': ' m1@BEISPIEL.de ', Name: 'Jürgen Müller', Bemerkung: 'Vorstand' },
        benutzer: { id: b.m1, anzeigename: 'Jürgen Müller', email: 'M1@Beispiel.de' },
      });
      expect(nicht_gefunden.rows[0].row.Firma).toBe('');
      expect(vorhanden.rows.map((r: { row: Record<string, string> }) => r.row.Firma)).toEqual([
        'Kanzlei Süd GmbH',
        '',
      ]);
      expect(zeilen(vorhanden)).toEqual([6, 9]);
      expect(inaktiv.rows[0]).toMatchObject({ zeile: 4, benutzer: { id: b.m3 } });
      expect(nicht_gefunden.rows[0]).toMatchObject({
        zeile: 5,
        row: { Name: 'Otto Öztürk' },
        grund: 'Kein Benutzer mit dieser E-Mail, Kennnummer oder diesem Namen',
      });
    });

    it('compares as Benutzer when asked, and adds the ready rows so that a second comparison finds them', async () => {
      const alle = await gruppe({ name: 'B', typ: 'Intern', zuordnung: 'alle' });
      const alsBenutzer = await compare(datei, 'benutzer', alle.id);
      expect(alsBenutzer.body.bereit.rows.map((r: { ziel_id: number }) => r.ziel_id)).toEqual([
        b.m1,
        b.n1,
        b.f1,
        b.e1,
        b.m2,
      ]);
      const bereit = (await compare()).body.bereit.rows.map((r: { ziel_id: number }) => r.ziel_id);
      const added = await post(`/node/api/benutzer-gruppe/${g.id}/emails`, bereit);
      expect(added).toHaveLength(4);
      const again = (await compare()).body;
      expect([again.bereit.count, again.vorhanden.count]).toEqual([0, 6]);
    });

    it('exports the original rows of a bucket through /node/csv/stringify', async () => {
      const { nicht_gefunden } = (await compare()).body;
      const response = await api
        .post('/node/csv/stringify')
        .send(nicht_gefunden.rows.map((r: { row: unknown }) => r.row))
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        });
      expect(response.status).toBe(200);
      expect((response.body as Buffer).toString('utf8')).toBe(
        '\uFEFFE-Mail;Name;Firma;Kennnummer;Bemerkung\r\nunbekannt@nirgendwo.de;Otto Öztürk;;;nicht im System\r\n',
      );
    });

    it.each([
      ['an empty file', '', undefined, 'Die Datei enthält keine lesbaren Zeilen.'],
      ['a header without rows', 'E-Mail;Name\r\n', undefined, 'Die Datei enthält keine lesbaren Zeilen.'],
      [
        'a file without e-mail, Kennnummer or name',
        'Straße;Ort\r\nHauptstraße 1;Köln\r\n',
        undefined,
        'Die Datei enthält keine lesbaren Zeilen.',
      ],
      [
        'a file without any value to search by',
        'E-Mail;Ort\r\n ;Köln\r\n',
        undefined,
        'Die Datei enthält keine lesbaren Zeilen.',
      ],
      [
        'binary data',
        Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]),
        undefined,
        /^Die Datei enthält keine lesbaren Zeilen: sie ist keine CSV-Datei/,
      ],
      [
        'a broken line',
        'E-Mail;Name\r\na@b.de;A\r\n"offen;B\r\n',
        undefined,
        /^Die CSV-Datei kann nicht gelesen werden \(Zeile 3\): ein Anführungszeichen wird nicht geschlossen/,
      ],
      ['an unknown assignment', 'E-Mail\r\na@b.de\r\n', 'adresse', 'unbekannte Zuordnung'],
    ])('refuses %s with 400 and its German reason', async (_fall, inhalt, zuordnung, message) => {
      const response = await compare(inhalt, zuordnung);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    });

    it('refuses a request without a file, and rows sent as JSON', async () => {
      const ohneDatei = await api
        .post(`/node/api/benutzer-gruppe/${g.id}/csv_compare`)
        .field('zuordnung', 'email');
      expect({ status: ohneDatei.status, message: ohneDatei.body.message }).toEqual({
        status: 400,
        message: 'Keine CSV-Datei hochgeladen (erwartet im Feld "file").',
      });
      const json = await api
        .post(`/node/api/benutzer-gruppe/${g.id}/csv_compare`)
        .send({ rows: [{ 'E-Mail': 'm1@beispiel.de' }] });
      expect(json.status).toBe(400);
    });

    it('refuses automatic groups and unknown groups', async () => {
      const auto = await gruppe({ name: 'Auto', typ: 'Auto', code: 'auto_referenten' });
      expect((await compare(datei, undefined, auto.id)).status).toBe(409);
      expect((await compare(datei, undefined, 999999)).status).toBe(404);
    });
  });
});
