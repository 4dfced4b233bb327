import { Mitgliederanlage, type NeuerBenutzer } from '../../membership/application/ports/mitgliederanlage';
import type { Actor } from '../../platform/audit/audit-trail';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { Transaktion } from '../../platform/database/transaktion';
import type { ResourceReader } from '../../platform/resources/resource-reader';
import type { ResourceRegistry } from '../../platform/resources/resource-registry';
import { Preisfindung } from '../../promotions/application/ports/preisfindung';
import { DomainError } from '../../shared/domain-error';
import { GAST_OHNE_NAMEN, GAST_UEBERNOMMEN, type Gastanmeldung } from '../domain/gastanmeldung';
import { Buchungen } from './buchungen';
import { Gastanmeldungen } from './gastanmeldungen';
import { AbrechnungsspeicherInMemory, type Tabellen } from './ports/abrechnungsspeicher.testing';
import { Uhr } from './ports/uhr';
import { READ_COMMITTED } from './rechnungslauf';

const JETZT = new Date('2026-03-10T09:00:00Z');
const MITGLIED = 10;
const SEMINAR = 7;
const EVENT = 70;
const GAST = 5;
const ACTOR: Actor = { id: 1, name: 'Sachbearbeiterin' };

class FesteUhr extends Uhr {
  jetzt() {
    return JETZT;
  }
}

/** No discounts, no vouchers: the booking's amount is the tier's price. */
class OhnePromotions extends Preisfindung {
  async rabattRechner() {
    return (buchung: { preis: number }) => ({ rabatte: [], gewaehlt: null, betrag: buchung.preis });
  }

  gutschein(): never {
    throw new Error('nicht gebraucht');
  }

  gutscheinEinloesen(): never {
    throw new Error('nicht gebraucht');
  }
}

/**
 * Membership's Mitgliederanlage on the unit of work's tables (the in-memory store carries them as its
 * `transaktion`): a new Benutzer is written there, so it goes away with a rolled-back takeover.
 */
class MitgliederanlageFake extends Mitgliederanlage {
  angelegt: { benutzer: NeuerBenutzer; actor: Actor | null }[] = [];

  private tabellen(tx: Transaktion) {
    return (tx as unknown as { tabellen: Tabellen }).tabellen;
  }

  async anlegen(tx: Transaktion, benutzer: NeuerBenutzer, actor: Actor | null) {
    const t = this.tabellen(tx);
    const id = t.naechsteId++;
    this.angelegt.push({ benutzer, actor });
    t.objekte.set(`Benutzer:${id}`, {
      id,
      parent_id: null,
      atr_mitglied: false,
      anzeigename: [benutzer.vorname, benutzer.nachname].filter(Boolean).join(' ') || benutzer.firma,
    });
    return id;
  }

  async vorhanden(tx: Transaktion, id: number) {
    return this.tabellen(tx).objekte.has(`Benutzer:${id}`);
  }
}

const gastanmeldung = (werte: Partial<Gastanmeldung> = {}): Gastanmeldung => ({
  id: GAST,
  vorname: 'Nora',
  nachname: 'Gast',
  firma: null,
  email: 'nora@example.de',
  veranstaltung_id: SEMINAR,
  veranstaltung_event_id: null,
  benutzer_id: null,
  status: 'neu',
  data: { anrede: 'Frau', titel: 'Dr.', strasse: 'Hauptstr. 1', plz: '10115', ort: 'Berlin' },
  ...werte,
});

function aufbau(gast: Gastanmeldung = gastanmeldung()) {
  const speicher = new AbrechnungsspeicherInMemory();
  const objekte = speicher.tabellen.objekte;
  objekte.set(`Benutzer:${MITGLIED}`, {
    id: MITGLIED,
    parent_id: null,
    atr_mitglied: true,
    anzeigename: 'Kanzlei Muster',
  });
  objekte.set(`Veranstaltung:${SEMINAR}`, {
    id: SEMINAR,
    titel: 'Steuerrecht aktuell',
    lg_id: 'LG 12',
    beginn: '2026-04-20T08:00:00Z',
    veranstaltung_typ_id: 3,
    preis1: 200,
    preis1_beschreibung: 'Mitglieder',
    preis2: 300,
    preis2_beschreibung: 'Nichtmitglieder',
  });
  objekte.set(`Veranstaltung_Event:${EVENT}`, {
    id: EVENT,
    veranstaltung_id: SEMINAR,
    titel: 'Modul 2',
    einzeln_buchbar: false,
    datum: '2026-05-04',
  });
  speicher.tabellen.events.set(EVENT, SEMINAR);
  speicher.tabellen.gastanmeldungen.push(gast);
  speicher.tabellen.naechsteId = 100;
  const registry = { get: (name: string) => ({ name }) } as unknown as ResourceRegistry;
  // The generic reader answers the record as it stands, and which resource it was asked for.
  const reader = {
    get: async (definition: { name: string }, id: number) => ({
      resource: definition.name,
      ...speicher.tabellen.gastanmeldungen.find((g) => g.id === id),
    }),
  } as unknown as ResourceReader;
  const uhr = new FesteUhr();
  const buchungen = new Buchungen(speicher, new OhnePromotions(), new Ereignisbus(), uhr, registry, reader);
  const mitglieder = new MitgliederanlageFake();
  const gastanmeldungen = new Gastanmeldungen(speicher, mitglieder, buchungen, uhr, registry, reader);
  const zeile = () => speicher.tabellen.gastanmeldungen.find((g) => g.id === GAST)!;
  return { speicher, mitglieder, gastanmeldungen, zeile };
}

async function fehler(arbeit: Promise<unknown>): Promise<DomainError> {
  const error = await arbeit.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`kein DomainError: ${String(error)}`);
  return error;
}

describe('Gastanmeldungen.uebernehmen (against the in-memory Abrechnungsspeicher)', () => {
  it('makes the guest a new Benutzer by membership, books the seminar for them, marks and audits the registration', async () => {
    const { speicher, mitglieder, gastanmeldungen, zeile } = aufbau();

    const antwort = await gastanmeldungen.uebernehmen(GAST, {}, ACTOR);

    expect(mitglieder.angelegt).toEqual([
      {
        benutzer: {
          vorname: 'Nora',
          nachname: 'Gast',
          firma: null,
          titel: 'Dr.',
          gender: 'female',
          email: 'nora@example.de',
          adresse: { strasse: 'Hauptstr. 1', plz: '10115', ort: 'Berlin' },
        },
        actor: ACTOR,
      },
    ]);
    const neu = 100;
    expect(speicher.tabellen.objekte.get(`Benutzer:${neu}`)).toMatchObject({ anzeigename: 'Nora Gast' });
    expect(speicher.tabellen.vorgaenge).toEqual([
      expect.objectContaining({
        id: 101,
        first_id: 101,
        category: 'seminare',
        benutzer_id: neu,
        teilnehmer_id: neu,
        veranstaltung_id: SEMINAR,
        veranstaltung_event_id: null,
        buchung_typ: 'online',
        buchung_time: JETZT,
        teilnehmer: 'Nora Gast',
        // A new Benutzer is no member: the non-member tier.
        betrag: 300,
        storno: false,
      }),
    ]);
    expect(zeile()).toMatchObject({ status: 'uebernommen', benutzer_id: neu });
    expect(speicher.tabellen.audit).toEqual([
      expect.objectContaining({ actor: ACTOR, resource: 'rw-transaction', recordId: 101, action: 'create' }),
      {
        actor: ACTOR,
        resource: 'gastanmeldung',
        recordId: GAST,
        action: 'takeover',
        changes: {
          status: { before: 'neu', after: 'uebernommen' },
          benutzer_id: { before: null, after: neu },
        },
      },
    ]);
    expect(antwort).toMatchObject({
      resource: 'gastanmeldung',
      id: GAST,
      status: 'uebernommen',
      benutzer_id: neu,
    });
  });

  it('an explicit null Benutzer also means a new one', async () => {
    const { speicher, mitglieder, gastanmeldungen, zeile } = aufbau();

    await gastanmeldungen.uebernehmen(GAST, { benutzer_id: null }, null);

    expect(mitglieder.angelegt).toHaveLength(1);
    expect(mitglieder.angelegt[0].actor).toBeNull();
    expect(zeile().benutzer_id).toBe(100);
    expect(speicher.tabellen.audit.map((e) => e.actor)).toEqual([null, null]);
  });

  it('books for the Benutzer staff name, creating none: a member pays the member tier', async () => {
    const { speicher, mitglieder, gastanmeldungen, zeile } = aufbau();

    const antwort = await gastanmeldungen.uebernehmen(GAST, { benutzer_id: MITGLIED }, ACTOR);

    expect(mitglieder.angelegt).toEqual([]);
    expect(speicher.tabellen.vorgaenge).toEqual([
      expect.objectContaining({ benutzer_id: MITGLIED, teilnehmer: 'Kanzlei Muster', betrag: 200 }),
    ]);
    expect(zeile()).toMatchObject({ status: 'uebernommen', benutzer_id: MITGLIED });
    expect(speicher.tabellen.audit.at(-1)).toMatchObject({
      action: 'takeover',
      changes: { benutzer_id: { before: null, after: MITGLIED } },
    });
    expect(antwort).toMatchObject({ benutzer_id: MITGLIED });
  });

  it("books the event the guest registered for, on the event's seminar", async () => {
    const { speicher, gastanmeldungen } = aufbau(
      gastanmeldung({ veranstaltung_id: null, veranstaltung_event_id: EVENT }),
    );

    await gastanmeldungen.uebernehmen(GAST, { benutzer_id: MITGLIED }, ACTOR);

    expect(speicher.tabellen.vorgaenge).toEqual([
      expect.objectContaining({
        veranstaltung_id: SEMINAR,
        veranstaltung_event_id: EVENT,
        buchung_typ: 'online',
      }),
    ]);
  });

  it('a registration naming no seminar is taken over without a booking', async () => {
    const { speicher, gastanmeldungen, zeile } = aufbau(
      gastanmeldung({ veranstaltung_id: null, veranstaltung_event_id: null }),
    );

    await gastanmeldungen.uebernehmen(GAST, { benutzer_id: MITGLIED }, ACTOR);

    expect(speicher.tabellen.vorgaenge).toEqual([]);
    expect(zeile()).toMatchObject({ status: 'uebernommen', benutzer_id: MITGLIED });
    expect(speicher.tabellen.audit).toMatchObject([{ resource: 'gastanmeldung', action: 'takeover' }]);
  });

  it('refuses a second takeover (409) and changes nothing', async () => {
    const { speicher, mitglieder, gastanmeldungen } = aufbau();
    await gastanmeldungen.uebernehmen(GAST, {}, ACTOR);
    const vorher = structuredClone(speicher.tabellen);

    const error = await fehler(gastanmeldungen.uebernehmen(GAST, { benutzer_id: MITGLIED }, ACTOR));

    expect(error).toMatchObject({ kind: 'conflict', code: 'GAST_UEBERNOMMEN', message: GAST_UEBERNOMMEN });
    expect(speicher.tabellen).toEqual(vorher);
    expect(mitglieder.angelegt).toHaveLength(1);
  });

  it('refuses a registration staff marked as taken over, though it names no Benutzer', async () => {
    const { speicher, mitglieder, gastanmeldungen } = aufbau(gastanmeldung({ status: 'uebernommen' }));

    const error = await fehler(gastanmeldungen.uebernehmen(GAST, {}, ACTOR));

    expect(error).toMatchObject({ kind: 'conflict', code: 'GAST_UEBERNOMMEN' });
    expect(mitglieder.angelegt).toEqual([]);
    expect(speicher.tabellen.vorgaenge).toEqual([]);
  });

  it('an unknown Benutzer is 404 and nothing is written', async () => {
    const { speicher, mitglieder, gastanmeldungen, zeile } = aufbau();

    const error = await fehler(gastanmeldungen.uebernehmen(GAST, { benutzer_id: 99 }, ACTOR));

    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'MITGLIED_NICHT_GEFUNDEN',
      message: 'Benutzer 99 wurde nicht gefunden.',
    });
    expect(mitglieder.angelegt).toEqual([]);
    expect(speicher.tabellen.vorgaenge).toEqual([]);
    expect(speicher.tabellen.audit).toEqual([]);
    expect(zeile()).toMatchObject({ status: 'neu', benutzer_id: null });
  });

  it('an unknown registration is 404', async () => {
    const { speicher, gastanmeldungen } = aufbau();

    const error = await fehler(gastanmeldungen.uebernehmen(99, {}, ACTOR));

    expect(error).toMatchObject({
      kind: 'not_found',
      code: 'NOT_FOUND',
      message: 'Gastanmeldung 99 wurde nicht gefunden.',
    });
    expect(speicher.tabellen.audit).toEqual([]);
  });

  it('a guest without a name is refused before any Benutzer is made', async () => {
    const { speicher, mitglieder, gastanmeldungen } = aufbau(gastanmeldung({ nachname: '  ', firma: null }));

    const error = await fehler(gastanmeldungen.uebernehmen(GAST, {}, ACTOR));

    expect(error).toMatchObject({ kind: 'invalid', code: 'GAST_OHNE_NAMEN', message: GAST_OHNE_NAMEN });
    expect(mitglieder.angelegt).toEqual([]);
    expect(speicher.tabellen.objekte.size).toBe(3);
  });

  it('a refused booking rolls the takeover back: no new Benutzer, the registration unchanged', async () => {
    const { speicher, mitglieder, gastanmeldungen, zeile } = aufbau(gastanmeldung({ veranstaltung_id: 404 }));

    const error = await fehler(gastanmeldungen.uebernehmen(GAST, {}, ACTOR));

    expect(error).toMatchObject({ kind: 'not_found', code: 'SEMINAR_NICHT_GEFUNDEN' });
    // Membership was asked, in the unit of work that was then discarded.
    expect(mitglieder.angelegt).toHaveLength(1);
    expect(speicher.tabellen.objekte.has('Benutzer:100')).toBe(false);
    expect(speicher.tabellen.vorgaenge).toEqual([]);
    expect(speicher.tabellen.audit).toEqual([]);
    expect(zeile()).toMatchObject({ status: 'neu', benutzer_id: null });
  });

  it('reads committed, as the booking it makes must (its discounts count the bookings before it)', async () => {
    const { speicher, gastanmeldungen } = aufbau();
    const transaktion = jest.spyOn(speicher, 'transaktion');

    await gastanmeldungen.uebernehmen(GAST, {}, ACTOR);

    expect(transaktion).toHaveBeenCalledTimes(1);
    expect(transaktion).toHaveBeenCalledWith(expect.any(Function), READ_COMMITTED);
  });
});
