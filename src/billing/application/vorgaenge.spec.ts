import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { Row } from '../../platform/resources/resource-definition';
import type { ResourceReader } from '../../platform/resources/resource-reader';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import type { ResourceWriter } from '../../platform/resources/resource-writer';
import type { BuchungGeaendert } from '../../shared/ereignisse';
import type { Buchungsvorgang } from './ports/abrechnungsspeicher';
import { AbrechnungsspeicherInMemory } from './ports/abrechnungsspeicher.testing';
import { Vorgaenge } from './vorgaenge';

/** The generic engine's parts the verbs use: the body's values as they are, a record as stored. */
function aufbau() {
  const speicher = new AbrechnungsspeicherInMemory();
  speicher.tabellen.naechsteId = 50;
  const ereignisse = new Ereignisbus();
  const gemeldet: BuchungGeaendert[] = [];
  ereignisse.abonnieren('buchung.geaendert', async (aenderung) => {
    gemeldet.push(aenderung);
  });
  const registry = { get: (name: string) => ({ name }) } as unknown as ResourceRegistry;
  const reader = {
    get: async (_definition: unknown, id: number) => speicher.tabellen.vorgaenge.find((v) => v.id === id),
  } as unknown as ResourceReader;
  const writer = { values: (_definition: unknown, body: Row) => body } as unknown as ResourceWriter;
  const vorgaenge = new Vorgaenge(speicher, ereignisse, registry, reader, writer);
  return { speicher, vorgaenge, gemeldet };
}

async function buche(speicher: AbrechnungsspeicherInMemory, werte: Partial<Buchungsvorgang> = {}) {
  return speicher.transaktion(async (tx) => {
    const id = await tx.vorgangEinfuegen({
      category: 'seminare',
      veranstaltung_id: 7,
      betrag: 100,
      ...werte,
    });
    await tx.vorgaengeAendern([id], { first_id: id });
    return id;
  });
}

describe('Vorgaenge (against the in-memory Abrechnungsspeicher)', () => {
  it('a change writes a new version; revert removes it and makes the previous one current again', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const alt = await buche(speicher);

    const neu = await vorgaenge.aendern(alt, { betrag: 80 }, null);
    const neueId = neu.id as number;
    expect(neu).toMatchObject({ first_id: alt, betrag: 80, child_id: null });
    expect(speicher.tabellen.vorgaenge.find((v) => v.id === alt)!.child_id).toBe(neueId);

    const zurueck = await vorgaenge.zuruecksetzen(neueId, null);

    expect(zurueck).toMatchObject({ id: alt, betrag: 100, child_id: null });
    expect(speicher.tabellen.vorgaenge.map((v) => v.id)).toEqual([alt]);
    expect(gemeldet.at(-1)).toEqual({
      ziele: [
        { veranstaltung_id: 7, veranstaltung_event_id: null },
        { veranstaltung_id: 7, veranstaltung_event_id: null },
      ],
      geloescht: neueId,
    });
    expect(speicher.tabellen.audit.slice(-2).map((e) => [e.recordId, e.action])).toEqual([
      [neueId, 'delete'],
      [alt, 'update'],
    ]);
  });

  it('revert of a cancelled booking lifts the cancellation in place', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const id = await buche(speicher);
    await vorgaenge.aendern(id, { storno: true }, null);
    expect(gemeldet).toHaveLength(1);

    const zurueck = await vorgaenge.zuruecksetzen(id, null);

    expect(zurueck).toMatchObject({ id, storno: false });
    expect(gemeldet).toHaveLength(2);
  });

  it('refuses to revert a first version, and changes nothing', async () => {
    const { speicher, vorgaenge } = aufbau();
    const id = await buche(speicher);
    const vorher = structuredClone(speicher.tabellen);

    await expect(vorgaenge.zuruecksetzen(id, null)).rejects.toMatchObject({ code: 'ERSTE_VERSION' });
    expect(speicher.tabellen).toEqual(vorher);
  });

  it('verifying changes the version in place and leaves the participant counts alone', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const id = await buche(speicher);

    await vorgaenge.aendern(id, { verifiziert: true }, null);

    expect(speicher.tabellen.vorgaenge).toHaveLength(1);
    expect(speicher.tabellen.vorgaenge[0]).toMatchObject({ id, verifiziert: true });
    expect(gemeldet).toEqual([]);
  });

  it('setAllVerifiziert verifies the open current bookings of the object only', async () => {
    const { speicher, vorgaenge } = aufbau();
    const offen = await buche(speicher);
    const andererSeminar = await buche(speicher, { veranstaltung_id: 8 });
    const storniert = await buche(speicher, { storno: true });

    const verifiziert = await vorgaenge.alleVerifizieren({ category: 'seminare', category_id: 7 }, null);

    expect(verifiziert.map((v) => v.id)).toEqual([offen]);
    const nachId = (id: number) => speicher.tabellen.vorgaenge.find((v) => v.id === id)!;
    expect([nachId(andererSeminar).verifiziert, nachId(storniert).verifiziert]).toEqual([false, false]);
  });

  it('a change writes an unverified new version in the same chain, announces old and new, audits both', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const alt = await buche(speicher, { verifiziert: true, veranstaltung_event_id: 70 });

    const neu = await vorgaenge.aendern(alt, { betrag: 80, veranstaltung_event_id: 71 }, null);

    expect(neu).toMatchObject({ first_id: alt, betrag: 80, verifiziert: false, storno: false });
    expect(speicher.tabellen.vorgaenge.find((v) => v.id === alt)).toMatchObject({
      betrag: 100,
      verifiziert: true,
    });
    expect(gemeldet).toEqual([
      {
        ziele: [
          { veranstaltung_id: 7, veranstaltung_event_id: 71 },
          { veranstaltung_id: 7, veranstaltung_event_id: 70 },
        ],
      },
    ]);
    expect(speicher.tabellen.audit.map((e) => [e.recordId, e.action, e.changes])).toEqual([
      [neu.id, 'create', expect.objectContaining({ betrag: { after: 80 }, first_id: { after: alt } })],
      [alt, 'update', { child_id: { before: null, after: neu.id } }],
    ]);
  });

  it('a change that verifies it keeps the new version verified', async () => {
    const { speicher, vorgaenge } = aufbau();
    const alt = await buche(speicher);

    const neu = await vorgaenge.aendern(alt, { betrag: 80, verifiziert: true }, null);

    expect(neu).toMatchObject({ betrag: 80, verifiziert: true });
  });

  it('a save without a change writes nothing', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const id = await buche(speicher);

    const gleich = await vorgaenge.aendern(id, { betrag: 100, version: 2 }, null);

    expect(gleich).toMatchObject({ id, version: 2 });
    expect(speicher.tabellen.vorgaenge).toHaveLength(1);
    expect(speicher.tabellen.audit).toEqual([]);
    expect(gemeldet).toEqual([]);
  });

  it('cancelling changes the booking in place, announces and audits it as a storno', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const id = await buche(speicher, { verifiziert: true });

    const storniert = await vorgaenge.aendern(id, { storno: true }, null);

    expect(storniert).toMatchObject({ id, storno: true, verifiziert: true });
    expect(speicher.tabellen.vorgaenge).toHaveLength(1);
    expect(gemeldet).toEqual([{ ziele: [{ veranstaltung_id: 7, veranstaltung_event_id: null }] }]);
    expect(speicher.tabellen.audit.map((e) => [e.recordId, e.action, e.changes])).toEqual([
      [id, 'storno', { storno: { before: false, after: true } }],
    ]);
  });

  it('saving storno: false lifts a cancellation in place, under the revert rules', async () => {
    const { speicher, vorgaenge } = aufbau();
    const id = await buche(speicher, { storno: true });
    const gesperrt = await buche(speicher, { storno: true, locked: true });

    expect(await vorgaenge.aendern(id, { storno: false }, null)).toMatchObject({ id, storno: false });
    expect(speicher.tabellen.audit.at(-1)).toMatchObject({ recordId: id, action: 'update' });
    await expect(vorgaenge.aendern(gesperrt, { storno: false }, null)).rejects.toMatchObject({
      code: 'VORGANG_GESPERRT',
    });
  });

  it('an invoiced booking can still be cancelled, but neither changed nor (un)verified', async () => {
    const { speicher, vorgaenge } = aufbau();
    const id = await buche(speicher, { rw_rechnung_id: 5, verifiziert: true });
    const vorher = structuredClone(speicher.tabellen);

    await expect(vorgaenge.aendern(id, { betrag: 80 }, null)).rejects.toMatchObject({
      code: 'VORGANG_GESPERRT',
    });
    await expect(vorgaenge.aendern(id, { verifiziert: false }, null)).rejects.toMatchObject({
      code: 'VORGANG_GESPERRT',
    });
    expect(speicher.tabellen).toEqual(vorher);
    expect(await vorgaenge.aendern(id, { storno: true }, null)).toMatchObject({ id, storno: true });
  });

  it('refuses what the rules forbid, and changes nothing', async () => {
    const { speicher, vorgaenge } = aufbau();
    const id = await buche(speicher);
    const storniert = await buche(speicher, { storno: true });
    const vorher = structuredClone(speicher.tabellen);

    await expect(vorgaenge.aendern(id, { betrag: 80, version: 1 }, null)).rejects.toMatchObject({
      code: 'STALE_RECORD',
    });
    await expect(vorgaenge.aendern(id, { storno: true, betrag: 80 }, null)).rejects.toMatchObject({
      code: 'STORNO_ALLEIN',
    });
    await expect(vorgaenge.aendern(id, { betrag: -1 }, null)).rejects.toMatchObject({
      code: 'INVALID_FIELDS',
      errors: { betrag: 'darf nicht negativ sein' },
    });
    await expect(vorgaenge.aendern(storniert, { verifiziert: true }, null)).rejects.toMatchObject({
      code: 'TRANSACTION_STORNIERT',
    });
    await expect(vorgaenge.aendern(storniert, { betrag: 80 }, null)).rejects.toMatchObject({
      code: 'VORGANG_STORNIERT',
    });
    await expect(vorgaenge.aendern(999, { betrag: 80 }, null)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Vorgang 999 wurde nicht gefunden.',
    });
    await expect(vorgaenge.zuruecksetzen(999, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(speicher.tabellen).toEqual(vorher);
  });

  it('only the current version is changed or reverted', async () => {
    const { speicher, vorgaenge } = aufbau();
    const alt = await buche(speicher);
    await vorgaenge.aendern(alt, { betrag: 80 }, null);

    await expect(vorgaenge.aendern(alt, { betrag: 90 }, null)).rejects.toMatchObject({
      code: 'VORGANG_VERALTET',
    });
    await expect(vorgaenge.zuruecksetzen(alt, null)).rejects.toMatchObject({ code: 'VORGANG_VERALTET' });
  });

  it('refuses to revert a later version whose previous one is gone', async () => {
    const { speicher, vorgaenge } = aufbau();
    const id = await buche(speicher, { first_id: 1 });
    await speicher.transaktion((tx) => tx.vorgaengeAendern([id], { first_id: 1 }));

    await expect(vorgaenge.zuruecksetzen(id, null)).rejects.toMatchObject({
      code: 'KEINE_VORIGE_VERSION',
      message: 'Der Vorgang hat keine frühere Version.',
    });
  });

  it('setAllVerifiziert leaves locked and invoiced bookings alone and audits each one it verifies', async () => {
    const { speicher, vorgaenge, gemeldet } = aufbau();
    const offen = await buche(speicher);
    const gesperrt = await buche(speicher, { locked: true });
    const abgerechnet = await buche(speicher, { rw_rechnung_id: 5 });

    await vorgaenge.alleVerifizieren({ category: 'seminare', category_id: 7 }, null);

    const verifiziert = speicher.tabellen.vorgaenge.filter((v) => v.verifiziert).map((v) => v.id);
    expect(verifiziert).toEqual([offen]);
    expect([gesperrt, abgerechnet]).not.toContain(verifiziert[0]);
    expect(speicher.tabellen.audit.map((e) => [e.recordId, e.changes])).toEqual([
      [offen, { verifiziert: { before: false, after: true } }],
    ]);
    expect(gemeldet).toEqual([]);
  });
});
