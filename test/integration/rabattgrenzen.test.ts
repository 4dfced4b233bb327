/**
 * What the discounts' limits count (spec 002 §9) has two spellings that must agree: the domain's
 * `zaehltFuerRabattgrenzen`, by which a booking batch keeps the counted bookings in memory through
 * its own writes, and the store's SQL (`seminarbuchungenAller`) that reads them at the batch's
 * start. Over every combination of the columns either looks at, the store answers exactly the rows
 * the domain counts, of the seminars and participants asked for.
 */
import { Abrechnungsspeicher } from '../../src/billing/application/ports/abrechnungsspeicher';
import { zaehltFuerRabattgrenzen } from '../../src/billing/domain/vorgang';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { createRecord, insertRow } from '../support/crud';
import { databases, startTestApp, type TestApp } from '../support/test-app';

type Spalten = Pick<RwTransaction, 'category' | 'veranstaltung_id' | 'teilnehmer_id' | 'child_id' | 'storno'>;
type Zeile = Spalten & { id: number };

describe.each(databases())('the bookings the discount limits count, on %s', (kind) => {
  let t: TestApp;
  const zeilen: Zeile[] = [];
  let seminar: number;
  let teilnehmer: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const agent = await t.login();
    const anlegen = async (resource: string, body: Record<string, unknown>) =>
      (await createRecord(agent, resource, body)).id as number;
    const [gefragtesSeminar, anderesSeminar] = [
      await anlegen('veranstaltung', { titel: 'Gefragt', lg_id: 'RG-1', mwst: 19 }),
      await anlegen('veranstaltung', { titel: 'Anderes', lg_id: 'RG-2', mwst: 19 }),
    ];
    const [gefragterTeilnehmer, andererTeilnehmer] = [
      await anlegen('benutzer', { vorname: 'Gefragt', nachname: 'Teilnehmer' }),
      await anlegen('benutzer', { vorname: 'Anderer', nachname: 'Teilnehmer' }),
    ];
    [seminar, teilnehmer] = [gefragtesSeminar, gefragterTeilnehmer];
    // Written as they are, versioning columns included (the generic API sets those itself).
    const einfuegen = (werte: Partial<Spalten>) =>
      insertRow(t, RwTransaction, { ...werte, benutzer_id: andererTeilnehmer, betrag: 100 });
    // A version that replaced another: what child_id points at.
    const nachfolger = await einfuegen({ category: 'abos' });
    for (const category of ['seminare', 'abos'] as const)
      for (const veranstaltung_id of [gefragtesSeminar, anderesSeminar, null])
        for (const teilnehmer_id of [gefragterTeilnehmer, andererTeilnehmer, null])
          for (const child_id of [null, nachfolger])
            for (const storno of [false, true]) {
              const werte = { category, veranstaltung_id, teilnehmer_id, child_id, storno };
              zeilen.push({ id: await einfuegen(werte), ...werte });
            }
  });

  afterAll(() => t?.close());

  const gelesen = (seminare: number[], teilnehmende: number[]) =>
    t.app
      .get(Abrechnungsspeicher)
      .transaktion((tx) => tx.seminarbuchungenAller(seminare, teilnehmende))
      .then((vorgaenge) => vorgaenge.map((v) => v.id).sort((a, b) => a - b));

  const erwartet = (seminare: number[], teilnehmende: number[]) =>
    zeilen
      .filter(
        (z) =>
          zaehltFuerRabattgrenzen(z) &&
          ((z.veranstaltung_id !== null && seminare.includes(z.veranstaltung_id)) ||
            (z.teilnehmer_id !== null && teilnehmende.includes(z.teilnehmer_id))),
      )
      .map((z) => z.id);

  it('answers the rows the domain counts, of the seminar or the participant asked for', async () => {
    expect(zeilen).toHaveLength(72);
    const beide = erwartet([seminar], [teilnehmer]);
    // The current seminar bookings of the seminar (three participants, one none) and the
    // participant's one in the other seminar.
    expect(beide).toHaveLength(4);
    expect(await gelesen([seminar], [teilnehmer])).toEqual(beide);
  });

  it('answers by seminar alone or by participant alone, and nothing for neither', async () => {
    expect(await gelesen([seminar], [])).toEqual(erwartet([seminar], []));
    expect(await gelesen([], [teilnehmer])).toEqual(erwartet([], [teilnehmer]));
    expect(erwartet([seminar], [])).toHaveLength(3);
    expect(erwartet([], [teilnehmer])).toHaveLength(2);
    expect(await gelesen([], [])).toEqual([]);
  });
});
