/**
 * What an invoice run reads of its candidates (Abrechnungsspeicher `abrechnungsquellen`, one
 * statement through the transaction's associations): per booking its member's name, the VAT rate,
 * title and template of a seminar, of an event's seminar, of a bundle, a product or an Abo with its
 * Turnus, each template's circle, and the service period (the seminar's days in Berlin, the event's
 * date, the Turnus) — on SQLite and MariaDB, whose drivers hand dates and decimals over differently.
 */
import { Abrechnungsspeicher } from '../../src/billing/application/ports/abrechnungsspeicher';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { createRecord, insertRow } from '../support/crud';
import { databases, startTestApp, type TestApp } from '../support/test-app';

describe.each(databases())('the sources of an invoice run, on %s', (kind) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    const agent = await t.login();
    const anlegen = async (resource: string, body: Record<string, unknown>) =>
      (await createRecord(agent, resource, body)).id as number;
    ids.kreis = await anlegen('rw-kreis', { titel: 'Quellen', template: 'Q-{yyyy}-{nr:3}' });
    ids.vorlage = await anlegen('rw-vorlage', { titel: 'Quellen', rw_kreis_id: ids.kreis });
    ids.ohneKreis = await anlegen('rw-vorlage', { titel: 'Ohne Kreis' });
    const typ = await anlegen('veranstaltung-typ', {
      bezeichnung: 'Quellen',
      mwst: 19,
      rw_vorlage_id: ids.vorlage,
    });
    const typOhneKreis = await anlegen('veranstaltung-typ', {
      bezeichnung: 'Ohne Kreis',
      mwst: 7,
      rw_vorlage_id: ids.ohneKreis,
    });
    ids.mitglied = await anlegen('benutzer', { vorname: 'Rita', nachname: 'Quelle' });
    ids.seminar = await anlegen('veranstaltung', {
      titel: 'Bilanzsteuerrecht',
      lg_id: 'Q-1',
      mwst: 19,
      veranstaltung_typ_id: typ,
      // 23:30 UTC is already the next day in Berlin.
      beginn: '2026-03-09T23:30:00.000Z',
      ende: '2026-03-11T16:00:00.000Z',
    });
    ids.eventSeminar = await anlegen('veranstaltung', {
      titel: 'Umsatzsteuer in Terminen',
      lg_id: 'Q-2',
      mwst: 7,
      veranstaltung_typ_id: typOhneKreis,
    });
    ids.event = await anlegen('veranstaltung-event', {
      veranstaltung_id: ids.eventSeminar,
      datum: '2026-04-02',
    });
    ids.bundle = await anlegen('wb-bundle', { titel: 'Paket Bilanz', mwst: 19, rw_vorlage_id: ids.vorlage });
    ids.produkt = await anlegen('produkt', { titel: 'Handbuch', mwst: 7 });
    ids.abo = await anlegen('wb-abo', { titel: 'Steuerbrief', rw_vorlage_id: ids.ohneKreis });
    ids.turnus = await anlegen('wb-abo-turnus', {
      wb_abo_id: ids.abo,
      von: '2026-01-01',
      bis: '2026-12-31',
      preis: 120,
      mwst: 7,
    });
    type Verweise = Pick<
      RwTransaction,
      | 'category'
      | 'veranstaltung_id'
      | 'veranstaltung_event_id'
      | 'wb_bundle_id'
      | 'produkt_id'
      | 'wb_abo_id'
      | 'wb_abo_turnus_id'
    >;
    const buchung = (werte: Partial<Verweise>) =>
      insertRow(t, RwTransaction, { benutzer_id: ids.mitglied, betrag: 100, ...werte });
    ids.b_seminar = await buchung({ category: 'seminare', veranstaltung_id: ids.seminar });
    ids.b_event = await buchung({ category: 'seminare', veranstaltung_event_id: ids.event });
    ids.b_bundle = await buchung({ category: 'bundle', wb_bundle_id: ids.bundle });
    ids.b_produkt = await buchung({ category: 'produkte', produkt_id: ids.produkt });
    ids.b_abo = await buchung({ category: 'abos', wb_abo_id: ids.abo, wb_abo_turnus_id: ids.turnus });
  });

  afterAll(() => t?.close());

  it('reads each kind of booking, its template’s circle and its service period', async () => {
    const gelesen = await t.app
      .get(Abrechnungsspeicher)
      .transaktion((tx) =>
        tx.abrechnungsquellen([ids.b_abo, ids.b_seminar, ids.b_event, ids.b_bundle, ids.b_produkt]),
      );
    const kreise = new Map([
      [ids.vorlage, ids.kreis],
      [ids.ohneKreis, null],
    ]);
    const leer = { seminar: null, eventSeminar: null, bundle: null, produkt: null, abo: null, turnus: null };
    const quelle = (vorgang_id: number, quellen: object, leistung: object | null) => ({
      vorgang_id,
      benutzer_name: 'Rita Quelle',
      quellen: { ...leer, ...quellen },
      kreise: expect.any(Map),
      leistung,
    });
    // In the order of the bookings' ids.
    expect(gelesen).toEqual([
      quelle(
        ids.b_seminar,
        { seminar: { titel: 'Bilanzsteuerrecht', mwst: 19, rw_vorlage_id: ids.vorlage } },
        { von: '2026-03-10', bis: '2026-03-11' },
      ),
      quelle(
        ids.b_event,
        { eventSeminar: { titel: 'Umsatzsteuer in Terminen', mwst: 7, rw_vorlage_id: ids.ohneKreis } },
        { von: '2026-04-02', bis: '2026-04-02' },
      ),
      quelle(ids.b_bundle, { bundle: { titel: 'Paket Bilanz', mwst: 19, rw_vorlage_id: ids.vorlage } }, null),
      quelle(ids.b_produkt, { produkt: { titel: 'Handbuch', mwst: 7, rw_vorlage_id: null } }, null),
      quelle(
        ids.b_abo,
        { abo: { titel: 'Steuerbrief', rw_vorlage_id: ids.ohneKreis }, turnus: { mwst: 7 } },
        { von: '2026-01-01', bis: '2026-12-31' },
      ),
    ]);
    expect(new Map(gelesen[0].kreise)).toEqual(kreise);
  });

  it('reads nothing for no bookings and leaves out ids that are not there', async () => {
    const speicher = t.app.get(Abrechnungsspeicher);
    expect(await speicher.transaktion((tx) => tx.abrechnungsquellen([]))).toEqual([]);
    const [nur] = await speicher.transaktion((tx) => tx.abrechnungsquellen([999_999, ids.b_produkt]));
    expect(nur.vorgang_id).toBe(ids.b_produkt);
    expect(nur.kreise.size).toBe(0);
  });
});
