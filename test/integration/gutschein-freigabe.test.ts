/**
 * Issue 28: a voucher follows its booking. Cancelling (PUT storno) or deleting the booking gives it
 * back, audited, so that the next booking with the code succeeds; lifting the cancellation takes it
 * up again, refused in German while another booking holds it. On both databases, through HTTP.
 */
import type request from 'supertest';
import { inhaberNachtragen } from '../../migrations/1732000070700-voucher-holder';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { WbVoucher } from '../../src/promotions/adapters/persistence/wb-rabatt.entity';
import { createRecord, readRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

type Row = Record<string, unknown>;

describe.each(databases())('a voucher follows its booking on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Row) => (await createRecord(agent, resource, body)).id;
  const gutschein = () => readRecord(agent, 'wb-voucher', ids.gutschein);
  const buche = (code = 'SOMMER2026') =>
    agent.post('/node/api/rw-transaction').send({
      benutzer_id: ids.mitglied,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      voucher_code: code,
    });
  const storno = (id: number, storno: boolean) =>
    agent.put(`/node/api/rw-transaction/${id}`).send({ storno });
  const verlauf = async () =>
    (
      await agent
        .get('/node/api/audit')
        .query({
          where: JSON.stringify({
            resource: 'wb-voucher',
            record_id: ids.gutschein,
            action: { $like: 'voucher-%' },
          }),
          order: '[["id","ASC"]]',
        })
        .expect(200)
    ).body as Row[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.mitglied = await post('benutzer', { vorname: 'Ida', nachname: 'Sommer', atr_mitglied: true });
    ids.seminar = await post('veranstaltung', {
      titel: 'Bilanzen lesen',
      lg_id: 'G-2026-01',
      mwst: 19,
      preis1: 200,
      preis1_beschreibung: 'Mitglieder',
      preis2: 260,
      preis2_beschreibung: 'Nichtmitglieder',
    });
    ids.gutschein = await post('wb-voucher', {
      code: 'SOMMER2026',
      typ: 'reduction',
      wert: 50,
      relation: null,
    });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('gives the voucher back when its booking is cancelled, audited; the code books again', async () => {
    const erste = await buche();
    expect(erste.status).toBe(201);
    expect(erste.body).toMatchObject({ betrag: 150, data: { gutschein_code: 'SOMMER2026' } });
    expect(await gutschein()).toMatchObject({ valid: false, rw_transaction_id: erste.body.id });
    expect((await buche()).body.message).toBe('Gutschein ist ungültig!');

    expect((await storno(erste.body.id, true)).status).toBe(200);
    expect(await gutschein()).toMatchObject({ valid: true, rw_transaction_id: null });
    expect((await verlauf()).map((e) => [e.action, e.user_name, e.changes])).toEqual([
      [
        'voucher-redeemed',
        'System Administrator',
        { rw_transaction_id: { before: null, after: erste.body.id } },
      ],
      [
        'voucher-released',
        'System Administrator',
        { valid: { before: false, after: true }, rw_transaction_id: { before: erste.body.id, after: null } },
      ],
    ]);

    const zweite = await buche();
    expect(zweite.status).toBe(201);
    expect(await gutschein()).toMatchObject({ valid: false, rw_transaction_id: zweite.body.id });
    ids.zweite = zweite.body.id;
    ids.erste = erste.body.id;
  });

  it('refuses to lift the first cancellation while the second booking holds the voucher', async () => {
    const vorher = await gutschein();
    const aufheben = await storno(ids.erste, false);
    expect(aufheben.status).toBe(409);
    expect(aufheben.body.message).toBe(
      'Der Gutschein wurde inzwischen für eine andere Buchung eingelöst; die Buchung kann nicht wiederhergestellt werden.',
    );
    expect((await readRecord(agent, 'rw-transaction', ids.erste)).storno).toBe(true);
    expect(await gutschein()).toEqual(vorher);
  });

  it('gives the voucher back when its booking is deleted, once; another booking then takes it', async () => {
    const anzahl = (await verlauf()).length;
    await agent.delete(`/node/api/rw-transaction/${ids.zweite}`).expect(200);
    expect(await gutschein()).toMatchObject({ valid: true, rw_transaction_id: null });
    const eintraege = await verlauf();
    expect(eintraege).toHaveLength(anzahl + 1);
    expect(eintraege.at(-1)).toMatchObject({ action: 'voucher-released', user_name: 'System Administrator' });

    // The first booking, long cancelled, now takes its voucher up again when reverted.
    await agent.delete(`/node/api/rw-transaction/${ids.erste}/revert`).expect(200);
    expect(await gutschein()).toMatchObject({ valid: false, rw_transaction_id: ids.erste });
    expect((await buche()).body.message).toBe('Gutschein ist ungültig!');
  });

  it('records the holder of a voucher used before (migration 1732000070700), which its storno then frees', async () => {
    const gutscheine = t.dataSource.getRepository(WbVoucher);
    const vorgaenge = t.dataSource.getRepository(RwTransaction);
    const alt = async (code: string, storno: boolean) => {
      const gutschein = (await gutscheine.insert({ code, typ: 'reduction', wert: 20, valid: false }))
        .identifiers[0].id as number;
      const vorgang = (
        await vorgaenge.insert({
          category: 'seminare',
          benutzer_id: ids.mitglied,
          veranstaltung_id: ids.seminar,
          betrag: 180,
          storno,
          data: { gutschein_code: code, gutschein_abzug: 20 },
        })
      ).identifiers[0].id as number;
      await vorgaenge.update(vorgang, { first_id: vorgang });
      return { gutschein, vorgang };
    };
    const aktiv = await alt('ALT_100%01', false);
    const storniert = await alt('ALT0000002', true);
    const qr = t.dataSource.createQueryRunner();
    try {
      await inhaberNachtragen(qr);
    } finally {
      await qr.release();
    }
    expect(await readRecord(agent, 'wb-voucher', aktiv.gutschein)).toMatchObject({
      valid: false,
      rw_transaction_id: aktiv.vorgang,
    });
    expect(await readRecord(agent, 'wb-voucher', storniert.gutschein)).toMatchObject({
      valid: false,
      rw_transaction_id: null,
    });

    expect((await storno(aktiv.vorgang, true)).status).toBe(200);
    expect(await readRecord(agent, 'wb-voucher', aktiv.gutschein)).toMatchObject({ valid: true });
  });
});
