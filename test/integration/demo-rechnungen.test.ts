/**
 * Issue 27: the demo data's invoices are the product's own (the seed books, runs invoices and
 * cancels through billing's use cases), and invoices stored in the old seed's shape are repaired
 * or marked by migration 1732000060000, whose marked ones billing's storno refuses — through HTTP.
 */
import type request from 'supertest';
import { OldInvoiceShape1732000060000 } from '../../migrations/1732000060000-old-invoice-shape';
import { RwKreis } from '../../src/billing/adapters/persistence/rw-kreis.entity';
import { RwRechnung } from '../../src/billing/adapters/persistence/rw-rechnung.entity';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { eurosToCents, formatEuro } from '../../src/shared/money';
import { binary, pdfTexts } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 600_000;

interface Steuerzeile {
  satz: number;
  brutto: number;
  netto: number;
  mwst: number;
}
interface Rechnung {
  id: number;
  rechnungs_nr: string;
  betrag: number;
  netto: number;
  mwst: number;
  storno_id: number | null;
  storno_parent_id: number | null;
  rw_kreis_id: number | null;
  category: string;
  bezahloption_typ: string | null;
  data: {
    positionen: {
      vorgang_id: number;
      titel: string;
      teilnehmer: string | null;
      betrag: number;
      mwst: number;
    }[];
    steuern: Steuerzeile[];
    empfaenger: { name: string; adresse: { strasse: string; plz: string; ort: string } | null };
    altes_format?: string;
  };
}

const euro = (betrag: number) => formatEuro(eurosToCents(betrag));
const satz = (s: number) => `${String(s).replace('.', ',')} %`;
/** A negated amount, without the -0 that JSON would not keep either. */
const neg = (betrag: number) => -betrag || 0;

async function pdfs(agent: request.Agent, ids: number[]): Promise<string[]> {
  const inhalte: Buffer[] = [];
  for (const id of ids) {
    const response = await agent.get(`/node/api/rw-rechnung/${id}/render`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    inhalte.push(response.body as Buffer);
  }
  return pdfTexts(inhalte);
}

/**
 * One invoice of each shape the demo issues: its category, storno or not, payment and the VAT
 * rates of its lines. Rendering every one of the demo's invoices on both databases took a fifth of
 * the file's time and showed nothing a shape's first one does not.
 */
const jeForm = (rechnungen: Rechnung[]) => {
  const gesehen = new Set<string>();
  return rechnungen.filter((r) => {
    const saetze = [...new Set(r.data.positionen.map((p) => p.mwst))].sort((a, b) => a - b);
    const form = JSON.stringify([r.category, r.storno_parent_id != null, r.bezahloption_typ, saetze]);
    if (gesehen.has(form)) return false;
    gesehen.add(form);
    return true;
  });
};

const rechnung = async (agent: request.Agent, id: number) =>
  (await agent.get(`/node/api/rw-rechnung/${id}`).expect(200)).body as Rechnung;

describe.each(databases())('the demo invoices on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 30 });
    agent = await t.login();
  }, STARTUP_TIMEOUT);
  afterAll(() => t?.close());

  const alle = async () =>
    (
      await agent
        .get('/node/api/rw-rechnung')
        .query({ limit: '500', order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Rechnung[];

  it('render, one of each shape, with the VAT rate of each line, the VAT table, the totals and the address', async () => {
    const rechnungen = jeForm(await alle());
    expect(rechnungen.length).toBeGreaterThan(5);
    expect(new Set(rechnungen.map((r) => r.category)).size).toBeGreaterThan(2);
    expect(rechnungen.some((r) => r.storno_parent_id != null)).toBe(true);
    const texte = await pdfs(
      agent,
      rechnungen.map((r) => r.id),
    );
    rechnungen.forEach((r, i) => {
      const text = texte[i];
      expect(text).not.toContain('NaN');
      expect(text).toContain(r.rechnungs_nr);
      const adresse = r.data.empfaenger.adresse;
      expect(adresse).toEqual(expect.objectContaining({ strasse: expect.any(String) }));
      expect(text).toContain(`${r.data.empfaenger.name} ${adresse!.strasse} ${adresse!.plz} ${adresse!.ort}`);
      for (const p of r.data.positionen) expect(text).toContain(`${satz(p.mwst)} ${euro(p.betrag)}`);
      expect(r.data.steuern.length).toBeGreaterThan(0);
      for (const z of r.data.steuern)
        expect(text).toContain(`${satz(z.satz)} ${euro(z.netto)} ${euro(z.mwst)} ${euro(z.brutto)}`);
      expect(text).toContain(`Summe ${euro(r.netto)} ${euro(r.mwst)} ${euro(r.betrag)}`);
    });
  });

  it('cancel through HTTP: the storno states the negated original to the cent', async () => {
    const original = (await alle()).find(
      (r) => r.storno_id == null && r.storno_parent_id == null && r.mwst !== 0,
    )!;
    const response = await agent.delete(`/node/api/rw-rechnung/${original.id}/modifyAll`).expect(200);
    const storno = await rechnung(agent, response.body.storno as number);
    expect(storno).toMatchObject({ storno_parent_id: original.id, rw_kreis_id: original.rw_kreis_id });
    expect([storno.betrag, storno.netto, storno.mwst].map(eurosToCents)).toEqual(
      [original.betrag, original.netto, original.mwst].map((b) => -eurosToCents(b) || 0),
    );
    expect(storno.data.steuern).toEqual(
      original.data.steuern.map((z) => ({
        satz: z.satz,
        brutto: neg(z.brutto),
        netto: neg(z.netto),
        mwst: neg(z.mwst),
      })),
    );
    expect(storno.data.positionen).toEqual(
      original.data.positionen.map((p) => ({ ...p, betrag: neg(p.betrag) })),
    );
    const [text] = await pdfs(agent, [storno.id]);
    expect(text).not.toContain('NaN');
    expect(text).toContain(`Storno der Rechnung ${original.rechnungs_nr}`);
    expect(text).toContain(
      `Summe ${euro(-original.netto)} ${euro(-original.mwst)} ${euro(-original.betrag)}`,
    );
    // Nothing was paid on it: the storno nets it off instead of refunding (issue 28).
    expect(text).toContain(
      `Der Betrag von ${euro(original.betrag)} wird mit der offenen Rechnung ${original.rechnungs_nr} verrechnet.`,
    );
    // Its bookings are cancelled, not open for the next run.
    const vorgaenge = (
      await agent
        .get('/node/api/rw-transaction')
        .query({ where: JSON.stringify({ rw_rechnung_id: original.id, child_id: null }) })
        .expect(200)
    ).body as { storno: boolean }[];
    expect(vorgaenge.length).toBe(original.data.positionen.length);
    expect(vorgaenge.every((v) => v.storno)).toBe(true);
  });
});

describe.each(databases())('invoices in the old seed’s shape on %s (migration 1732000060000)', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  let kreis: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    kreis = (
      await t.dataSource
        .getRepository(RwKreis)
        .insert({ titel: 'Alt', template: 'RE-{YYYY}-{NR:5}', current_nr: 3 })
    ).identifiers[0].id as number;
  }, STARTUP_TIMEOUT);
  afterAll(() => t?.close());

  /** As the old seed wrote them: its own VAT split, the name as recipient, lines without rate or booking. */
  async function alteRechnung(
    nr: string,
    summen: { betrag: number; netto: number; mwst: number },
    positionen: { titel: string; teilnehmer: string; betrag: number }[],
    gebucht: { titel: string; teilnehmer: string; betrag: number }[] = positionen,
  ): Promise<number> {
    const id = (
      await t.dataSource.getRepository(RwRechnung).insert({
        rechnungs_nr: nr,
        ...summen,
        rw_kreis_id: kreis,
        category: 'seminare',
        bezahloption_typ: 'transfer',
        data: { rechnungsdatum: '2025-03-01', empfaenger: 'Erika Mustermann', mwst_satz: 19, positionen },
      })
    ).identifiers[0].id as number;
    for (const v of gebucht)
      await t.dataSource.getRepository(RwTransaction).insert({
        ...v,
        category: 'seminare',
        rw_rechnung_id: id,
        locked: true,
        verifiziert: true,
        storno: false,
      });
    return id;
  }

  const migriere = async () => {
    const qr = t.dataSource.createQueryRunner();
    try {
      await new OldInvoiceShape1732000060000().up(qr);
    } finally {
      await qr.release();
    }
  };

  const zeile = { titel: '2025-001 - Umsatzsteuer aktuell', teilnehmer: 'Erika Mustermann', betrag: 240 };
  const summen = { betrag: 240, netto: 201.68, mwst: 38.32 };

  it('repairs an exact one from its issued amounts; its storno then negates it to the cent', async () => {
    const id = await alteRechnung('RE-2025-00001', summen, [zeile]);
    await migriere();
    const repariert = await rechnung(agent, id);
    const [vorgang] = (
      await agent.get('/node/api/rw-transaction').query({ where: JSON.stringify({ rw_rechnung_id: id }) })
    ).body as { id: number }[];
    expect(repariert.data).toMatchObject({
      positionen: [{ vorgang_id: vorgang.id, ...zeile, mwst: 19 }],
      steuern: [{ satz: 19, brutto: 240, netto: 201.68, mwst: 38.32 }],
      empfaenger: { name: 'Erika Mustermann', adresse: null },
      mwst_satz: 19,
    });
    expect(repariert.data.altes_format).toBeUndefined();
    const [audit] = await t.dataSource.query(
      "SELECT user_name, action FROM audit WHERE resource = 'rw-rechnung' AND record_id = ?",
      [id],
    );
    expect(audit).toEqual({ user_name: 'Migration 1732000060000', action: 'update' });
    const [text] = await pdfs(agent, [id]);
    expect(text).not.toContain('NaN');
    expect(text).toContain('19 % 240,00 €');
    expect(text).toContain('19 % 201,68 € 38,32 € 240,00 €');

    const response = await agent.delete(`/node/api/rw-rechnung/${id}/modifyAll`).expect(200);
    const storno = await rechnung(agent, response.body.storno as number);
    expect(storno).toMatchObject({ betrag: -240, netto: -201.68, mwst: -38.32 });
    expect(storno.data.steuern).toEqual([{ satz: 19, brutto: -240, netto: -201.68, mwst: -38.32 }]);
    expect(storno.data.positionen).toEqual([{ vorgang_id: vorgang.id, ...zeile, betrag: -240, mwst: 19 }]);
  });

  it('marks one whose lines do not make its total; the storno refuses it with the reason and changes nothing', async () => {
    const id = await alteRechnung('RE-2025-00002', summen, [{ ...zeile, betrag: 200 }]);
    await migriere();
    const markiert = await rechnung(agent, id);
    expect(markiert.data).toMatchObject({
      altes_format: 'die Positionen ergeben nicht den Rechnungsbetrag',
      steuern: [{ satz: 19, brutto: 240, netto: 201.68, mwst: 38.32 }],
    });
    const anzahl = async () =>
      Number((await agent.get('/node/api/rw-rechnung').query({ count: 'true' })).body.count);
    const vorher = {
      anzahl: await anzahl(),
      kreis: (await agent.get(`/node/api/rw-kreis/${kreis}`)).body.current_nr,
    };

    const response = await agent.delete(`/node/api/rw-rechnung/${id}/modifyAll`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'Die Rechnung RE-2025-00002 ist in einem älteren Format gespeichert, aus dem sich keine exakte Stornorechnung erstellen lässt (die Positionen ergeben nicht den Rechnungsbetrag). Bitte korrigieren Sie sie außerhalb des Programms.',
    );
    expect(await rechnung(agent, id)).toEqual(markiert);
    expect(await anzahl()).toBe(vorher.anzahl);
    expect((await agent.get(`/node/api/rw-kreis/${kreis}`)).body.current_nr).toBe(vorher.kreis);
  });

  it('marks one whose lines are not its bookings, and leaves repaired ones alone when run again', async () => {
    const id = await alteRechnung('RE-2025-00003', summen, [zeile], [{ ...zeile, titel: 'Anderes Seminar' }]);
    await migriere();
    expect((await rechnung(agent, id)).data.altes_format).toBe(
      'die Positionen lassen sich nicht den Vorgängen zuordnen',
    );
    const [{ n }] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM audit WHERE resource = 'rw-rechnung'",
    );
    await migriere();
    const [{ n: danach }] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM audit WHERE resource = 'rw-rechnung'",
    );
    expect(Number(danach)).toBe(Number(n));
  });
});
