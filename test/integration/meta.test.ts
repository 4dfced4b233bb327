import type request from 'supertest';
import type { FieldMeta, ResourceMeta } from '../../common/resource-meta';
import { createRecord, insertRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Migrations on MariaDB take longer than Jest's default 5 s hook timeout. */
const STARTUP_TIMEOUT = 180_000;

/** `GET /node/meta/{resource}` and the server enforcing what it announces, on every database. */
describe.each(databases())('resource metadata on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;

  const meta = async (resource: string): Promise<ResourceMeta> =>
    (await agent.get(`/node/meta/${resource}`).expect(200)).body;
  const field = (m: ResourceMeta, name: string): FieldMeta | undefined =>
    m.fields.find((f) => f.name === name);

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('describes the fields of a seminar by type', async () => {
    const m = await meta('veranstaltung');
    expect(m).toMatchObject({
      name: 'veranstaltung',
      operations: { create: true, update: true, delete: true },
      display: ['titel', 'lg_id'],
      searchable: ['lg_id', 'titel'],
      defaultOrder: [['beginn', 'DESC']],
      files: false,
    });
    expect(m.lockedWhen).toBeUndefined();
    expect(field(m, 'preis1')).toEqual({
      name: 'preis1',
      type: 'money',
      nullable: true,
      readOnly: false,
      required: false,
      decimals: 2,
    });
    expect(field(m, 'fachberater_stunden')).toMatchObject({
      type: 'decimal',
      decimals: 2,
      nullable: false,
      default: 0,
      required: false,
    });
    expect(field(m, 'mwst')).toMatchObject({ type: 'decimal', decimals: 2 });
    expect(field(m, 'titel')).toMatchObject({
      type: 'text',
      required: true,
      maxLength: 255,
      nullable: false,
    });
    expect(field(m, 'beschreibung')).toMatchObject({ type: 'longtext', nullable: true, required: false });
    expect(field(m, 'beschreibung')).not.toHaveProperty('maxLength');
    expect(field(m, 'anmeldeschluss')).toMatchObject({ type: 'date' });
    expect(field(m, 'beginn')).toMatchObject({ type: 'datetime' });
    expect(field(m, 'ringseminar')).toMatchObject({ type: 'boolean', default: false, required: false });
    expect(field(m, 'data')).toMatchObject({ type: 'json' });
    expect(field(m, 'teilnehmer_count')).toMatchObject({ type: 'integer', readOnly: true, required: false });
    for (const system of ['id', 'createdAt', 'updatedAt'])
      expect(field(m, system)).toMatchObject({ readOnly: true, required: false });
  });

  it('names the associations of a seminar with their resources and display fields', async () => {
    const m = await meta('veranstaltung');
    expect(field(m, 'veranstaltung_typ_id')).toMatchObject({
      type: 'integer',
      association: 'Veranstaltung_Typ',
    });
    const typ = m.associations.find((a) => a.name === 'Veranstaltung_Typ');
    expect(typ).toEqual({
      name: 'Veranstaltung_Typ',
      kind: 'to-one',
      resource: 'veranstaltung-typ',
      foreignKey: 'veranstaltung_typ_id',
      display: expect.arrayContaining(['bezeichnung']),
      writable: false,
    });
    expect(typ!.display[0]).toBe('bezeichnung');
    expect(m.associations.find((a) => a.name === 'Storno_Options')).toMatchObject({
      kind: 'to-many',
      resource: 'storno-option',
      writable: true,
    });
    expect(m.associations.find((a) => a.name === 'Veranstaltung_Events')).toMatchObject({
      kind: 'to-many',
      resource: 'veranstaltung-event',
      writable: false,
    });
  });

  it('gives types the column cannot tell: times, rich text, enums', async () => {
    const event = await meta('veranstaltung-event');
    expect(field(event, 'beginn')).toMatchObject({ type: 'time', nullable: true });
    expect(field(event, 'ende')).toMatchObject({ type: 'time' });
    expect(field(event, 'veranstaltung_id')).toMatchObject({ required: true, association: 'Veranstaltung' });
    expect(field(await meta('rw-text'), 'text')).toMatchObject({ type: 'richtext' });
    expect(field(await meta('wb-rabatt'), 'typ')).toMatchObject({
      type: 'enum',
      values: ['full', 'percent', 'reduction'],
      default: 'full',
    });
    expect(field(await meta('wb-rabatt'), 'wert')).toMatchObject({ type: 'money' });
  });

  it('leaves hidden fields out and names members by their display name', async () => {
    const m = await meta('benutzer');
    expect(field(m, 'password')).toBeUndefined();
    expect(m.display[0]).toBe('anzeigename');
    expect(field(m, 'anzeigename')).toMatchObject({ readOnly: true });
    expect(m.associations.find((a) => a.name === 'Benutzer_Gruppes')).toMatchObject({
      kind: 'to-many',
      writable: true,
    });
  });

  it('marks issued invoices and logs read-only', async () => {
    const rechnung = await meta('rw-rechnung');
    // Issued invoices never change and are never deleted: a wrong one is cancelled (issue 13).
    expect(rechnung.operations).toEqual({ create: false, update: false, delete: false });
    expect(rechnung.deletableWhen).toBeUndefined();
    expect(rechnung.fields.every((f) => f.readOnly && !f.required)).toBe(true);
    expect(rechnung.display).toEqual(['rechnungs_nr']);
    for (const resource of [
      'newsletter-versand',
      'statistik-newsletter',
      'rw-abrechnung',
      'rw-abrechnung-log',
    ])
      expect((await meta(resource)).operations).toEqual({ create: false, update: false, delete: false });
    expect(await meta('newsletter-dispatcher')).toMatchObject({
      operations: { create: true, update: true, delete: true },
      lockedWhen: { versendet: true },
      deletableWhen: { versendet: false },
    });
    expect((await meta('warenkorb')).deletableWhen).toEqual({ gekauftAm: null });
  });

  it('answers an unknown resource with 400 naming it', async () => {
    const response = await agent.get('/node/meta/rechnungen');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unbekannte Ressource "rechnungen".');
  });

  it('answers only with a session (403)', async () => {
    expect((await t.anonymous().get('/node/meta/veranstaltung')).status).toBe(403);
  });

  describe('enforcement of what it announces', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      ids.kreis = (
        await createRecord(agent, 'rw-kreis', { titel: 'Seminarrechnungen', template: 'RE-{NR:5}' })
      ).id;
      ids.abrechnung = await insertRecord(t, 'rw-abrechnung', { category: 'seminare', data: { all: 1 } });
      ids.offen = await insertRecord(t, 'rw-rechnung', {
        rechnungs_nr: 'RE-00001',
        betrag: 119,
        netto: 100,
        mwst: 19,
        rw_kreis_id: ids.kreis,
        category: 'seminare',
      });
      ids.abgerechnet = await insertRecord(t, 'rw-rechnung', {
        rechnungs_nr: 'RE-00002',
        betrag: 238,
        netto: 200,
        mwst: 38,
        rw_kreis_id: ids.kreis,
        category: 'seminare',
        rw_abrechnung_id: ids.abrechnung,
      });
    });

    const read = async (resource: string, id: number) =>
      (await agent.get(`/node/api/${resource}/${id}`).expect(200)).body;

    it('refuses to change an issued invoice (409) and changes nothing', async () => {
      const before = await read('rw-rechnung', ids.offen);
      const put = await agent
        .put(`/node/api/rw-rechnung/${ids.offen}`)
        .send({ betrag: 1, bezahloption_typ: 'debit' });
      expect(put.status).toBe(409);
      expect(put.body.message).toBe(
        'Rechnungen können nicht über die allgemeine Bearbeitung geändert werden; bitte stornieren.',
      );
      const post = await agent.post('/node/api/rw-rechnung').send({ rechnungs_nr: 'RE-00003', betrag: 1 });
      expect(post.status).toBe(409);
      expect(await read('rw-rechnung', ids.offen)).toEqual(before);
      const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM rw_rechnung');
      expect(Number(n)).toBe(2);
    });

    it('never deletes an issued invoice (409), one or several at once', async () => {
      for (const id of [ids.abgerechnet, ids.offen]) {
        const refused = await agent.delete(`/node/api/rw-rechnung/${id}`);
        expect([refused.status, refused.body.message]).toEqual([
          409,
          'Eine ausgestellte Rechnung kann nicht gelöscht werden; bitte stornieren.',
        ]);
      }
      expect((await agent.delete('/node/api/rw-rechnung').send([ids.offen, ids.abgerechnet])).status).toBe(
        409,
      );
      await read('rw-rechnung', ids.offen);
      await read('rw-rechnung', ids.abgerechnet);
    });

    it('refuses every generic write of a read-only log', async () => {
      const log = await insertRecord(t, 'rw-abrechnung-log', {
        rw_abrechnung_id: ids.abrechnung,
        type: 'sepaDebit',
      });
      expect((await agent.post('/node/api/rw-abrechnung-log').send({ type: 'x' })).status).toBe(409);
      const put = await agent.put(`/node/api/rw-abrechnung-log/${log}`).send({ type: 'x' });
      expect(put.status).toBe(409);
      expect(put.body.message).toBe(
        'Abrechnungsprotokolle können nicht über die allgemeine Bearbeitung geändert werden.',
      );
      expect((await agent.delete(`/node/api/rw-abrechnung-log/${log}`)).status).toBe(409);
      expect(await read('rw-abrechnung-log', log)).toMatchObject({ type: 'sepaDebit' });
    });

    it('keeps a sent dispatch as it is, and lets a planned one change and go', async () => {
      const newsletter = (await createRecord(agent, 'newsletter', { titel: 'Steuerrecht aktuell' })).id;
      const planned = (await createRecord(agent, 'newsletter-dispatcher', { newsletter_id: newsletter })).id;
      await agent
        .put(`/node/api/newsletter-dispatcher/${planned}`)
        .send({ versand_time: '2099-03-05T08:30:00.000Z' })
        .expect(200);
      // Sent: the dispatch workers alone write versendet (issue 15).
      await t.dataSource
        .createQueryBuilder()
        .update('newsletter_dispatcher')
        .set({ versendet: true })
        .where('id = :id', { id: planned })
        .execute();
      const locked = await agent
        .put(`/node/api/newsletter-dispatcher/${planned}`)
        .send({ versand_time: '2099-04-05T08:30:00.000Z' });
      expect(locked.status).toBe(409);
      const kept = await agent.delete(`/node/api/newsletter-dispatcher/${planned}`);
      expect(kept.status).toBe(409);
      expect(kept.body.message).toBe(
        'Ein Versand, der begonnen hat oder versendet ist, kann nicht gelöscht werden; er kann angehalten werden („Versand anhalten“).',
      );
      expect(await read('newsletter-dispatcher', planned)).toMatchObject({
        versand_time: '2099-03-05T08:30:00.000Z',
        versendet: true,
      });
      const other = (await createRecord(agent, 'newsletter-dispatcher', { newsletter_id: newsletter })).id;
      await agent.delete(`/node/api/newsletter-dispatcher/${other}`).expect(200);
    });
  });
});
