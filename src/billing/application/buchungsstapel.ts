/**
 * Billing batches (the seed plays its billing through them): bookings, changes of bookings,
 * invoice runs, stornos and exports in one transaction, in the caller's order, each by its own use
 * case's rules (Buchungen, Vorgaenge, Rechnungslauf, Abrechnungen), so each booking's discount
 * limits count the batch's earlier bookings and changes, and each run invoices what the batch
 * booked before it. Done once per batch instead of per step: the transaction with its audit chain
 * append, reading what its bookings name and the bookings their discount limits count (Lesepuffer,
 * up front for the requests given), loading the discount rules, locking the invoice circles and
 * writing their counters, inserting the bookings that follow each other, starting the new
 * bookings' chains (before any step that copies one) and recounting participants (its
 * `buchung.geaendert` announcements merged, Ereignisbus.gebuendelt).
 * One refusal writes nothing of the batch; the originals of the invoices it issued are archived
 * once it committed, as after a single run.
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { Row } from '../../platform/resources/resource-definition';
import {
  Preisfindung,
  type RabattBuchung,
  type Rabattrechner,
} from '../../promotions/application/ports/preisfindung';
import { buchungsZiel, type BuchungGeaendert } from '../../shared/ereignisse';
import { buchungsanfrage, type Buchungsanfrage, type BuchungsEingabe, type Person } from '../domain/buchung';
import { Abrechnungen, type Exportergebnis } from './abrechnungen';
import { Buchungen } from './buchungen';
import { mitLesepuffer, type Lesepuffer } from './lesepuffer';
import {
  Abrechnungsspeicher,
  type BillingTx,
  type Buchungsobjekt,
  type Buchungsvorgang,
} from './ports/abrechnungsspeicher';
import { RechnungsDokument } from './rechnungs-dokument';
import {
  READ_COMMITTED,
  Rechnungslauf,
  type Laufanfrage,
  type Laufausgang,
  type Stornoergebnis,
} from './rechnungslauf';
import { Vorgaenge } from './vorgaenge';

/** What a batch's work can do, in its transaction. */
export interface Stapel {
  /**
   * Books (as `POST …/rw-transaction`) at `jetzt`; answers the booking's amount in euros and its id,
   * which the batch knows once it inserted the booking: bookings without voucher that follow each
   * other are inserted together, before the batch's next other step or when an id is asked for.
   */
  buchen(eingabe: BuchungsEingabe, jetzt: Date): Promise<{ betrag: number; id(): Promise<number> }>;
  /** Changes a booking (as `PUT …/rw-transaction/{id}`). */
  aendern(id: number, werte: Row): Promise<void>;
  /** An invoice run (as `POST …/rw-rechnung`), its invoices issued at `datum`. */
  laufen(anfrage: Laufanfrage, datum: Date): Promise<Laufausgang>;
  /** Cancels invoice `id` at `datum` (as `DELETE …/rw-rechnung/{id}/modifyAll?copy=…`). */
  stornieren(id: number, kopieren: boolean, datum: Date): Promise<Stornoergebnis>;
  /** An export (as `POST …/rw-abrechnung`): its run at `datum`, then its summary. */
  exportieren(anfrage: Laufanfrage, datum: Date): Promise<Exportergebnis>;
}

/** Whether the batch archives the originals of the invoices it issued (default), as a run does. */
export interface Stapeloptionen {
  archivieren?: boolean;
}

/** A batch's announcements as one: every object they name. A batch books and changes, never deletes. */
function zusammen(liste: BuchungGeaendert[]): BuchungGeaendert {
  if (liste.some((e) => e.geloescht !== undefined))
    throw new Error('Ein Buchungsstapel löscht keine Vorgänge.');
  return { ziele: liste.flatMap((e) => e.ziele) };
}

@Injectable()
export class Buchungsstapel {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly buchungen: Buchungen,
    private readonly vorgaenge: Vorgaenge,
    private readonly preisfindung: Preisfindung,
    private readonly ereignisse: Ereignisbus,
    private readonly lauf: Rechnungslauf,
    private readonly abrechnungen: Abrechnungen,
    private readonly dokument: RechnungsDokument,
  ) {}

  /**
   * Runs `arbeit` as one batch; `vorab` are the booking requests it will make, whose records are
   * read up front (checked as bad input first, before anything is read).
   */
  async ausfuehren<T>(
    vorab: readonly BuchungsEingabe[],
    actor: Actor | null,
    arbeit: (stapel: Stapel) => Promise<T>,
    { archivieren = true }: Stapeloptionen = {},
  ): Promise<T> {
    const anfragen = vorab.map(buchungsanfrage);
    const ausgestellt: number[] = [];
    // READ COMMITTED on MySQL, as a single booking's: the seminar locked, earlier bookings read as committed.
    const ergebnis = await this.speicher.transaktion(async (tx) => {
      const sicht = await vorgeladen(tx, anfragen);
      let rechner: Promise<Rabattrechner> | undefined;
      const rabatte = async (buchung: RabattBuchung) =>
        (await (rechner ??= this.preisfindung.rabattRechner()))(buchung);
      let ohneKette: number[] = [];
      /** The bookings kept for insertion by the view, by their row values: their ids once inserted. */
      const eintraege = new Map<object, { id?: number }>();
      let eingefuegt = Promise.resolve();
      // One after the other: an id asked for while the bookings before it are inserted waits for them.
      const einfuegen = () =>
        (eingefuegt = eingefuegt.then(async () => {
          for (const { werte, id } of await sicht.vorgemerkteEinfuegen()) {
            await this.buchungen.eingefuegt(sicht, werte, id, actor);
            ohneKette.push(id);
            eintraege.get(werte)!.id = id;
            eintraege.delete(werte);
          }
        }));
      /** What a booking's id() asks while the batch runs; afterwards every id is known. */
      const laufend: { einfuegen?: () => Promise<void> } = { einfuegen };
      // Before any other step: the bookings before it inserted and their chains started (a new
      // version copies its chain).
      const vorher = async () => {
        await einfuegen();
        if (ohneKette.length > 0) await tx.kettenBeginnen(ohneKette);
        ohneKette = [];
      };
      const stapel: Stapel = {
        buchen: async (eingabe, jetzt) => {
          const anfrage = buchungsanfrage(eingabe);
          const eintrag: { id?: number } = {};
          let werte: Partial<Buchungsvorgang>;
          if (anfrage.voucher_code === null) {
            werte = await this.buchungen.vorbereiten(sicht, anfrage, jetzt, rabatte);
            eintraege.set(werte, eintrag);
            sicht.vormerken(werte);
          } else {
            // A voucher is bound to its booking's id at once (promotions' listener of buchung.aktiv).
            await einfuegen();
            const gebucht = await this.buchungen.anlegen(sicht, anfrage, actor, jetzt, rabatte);
            ohneKette.push(gebucht.id);
            eintrag.id = gebucht.id;
            werte = gebucht;
          }
          await this.ereignisse.melden('buchung.geaendert', { ziele: [buchungsZiel(werte)] }, tx.transaktion);
          return {
            betrag: Number(werte.betrag ?? 0),
            id: idAbfrage(eintrag, laufend),
          };
        },
        aendern: async (id, werte) => {
          await vorher();
          await this.vorgaenge.aendernIn(sicht, id, werte, actor);
        },
        laufen: async ({ objekt, nurVerifizierte }, datum) => {
          await vorher();
          const lauf = await this.lauf.laufe(sicht, objekt, nurVerifizierte, datum, actor);
          ausgestellt.push(...lauf.ausgestellt);
          return lauf;
        },
        stornieren: async (id, kopieren, datum) => {
          await vorher();
          const storno = await this.lauf.storniereIn(sicht, id, kopieren, actor, datum);
          ausgestellt.push(storno.storno);
          return storno;
        },
        exportieren: async (anfrage, datum) => {
          await vorher();
          const { ausgestellt: neu, ...abrechnung } = await this.abrechnungen.erstelleIn(
            sicht,
            anfrage,
            actor,
            datum,
          );
          ausgestellt.push(...neu);
          return abrechnung;
        },
      };
      return this.ereignisse.gebuendelt('buchung.geaendert', tx.transaktion, zusammen, async () => {
        const ergebnis = await arbeit(stapel);
        await vorher();
        await sicht.zaehlerSchreiben();
        // The bookings' id() no longer hold the batch's view once every id is known.
        delete laufend.einfuegen;
        return ergebnis;
      });
    }, READ_COMMITTED);
    // Committed: a failed rendering leaves its invoice to its first download, as after a run.
    if (archivieren) await this.dokument.archivieren(ausgestellt);
    return ergebnis;
  }
}

/**
 * A booking's id(): known once the batch inserted it; until then it asks the batch to insert
 * (`laufend`). Made out here, so that it holds these two and not the batch's view and reads.
 */
function idAbfrage(eintrag: { id?: number }, laufend: { einfuegen?: () => Promise<void> }) {
  return async (): Promise<number> => {
    if (eintrag.id === undefined) await laufend.einfuegen?.();
    return eintrag.id!;
  };
}

/** The records a request names, by its field: a batch reads each kind of them at once. */
const GENANNT: [keyof Buchungsanfrage, Buchungsobjekt][] = [
  ['benutzer_id', 'Benutzer'],
  ['teilnehmer_id', 'Benutzer'],
  ['veranstaltung_event_id', 'Veranstaltung_Event'],
  ['wb_abo_turnus_id', 'WB_Abo_Turnus'],
  ['wb_abo_buchung_id', 'WB_Abo_Buchung'],
  ['wb_bundle_id', 'WB_Bundle'],
  ['produkt_id', 'Produkt'],
  ['warenkorb_id', 'Warenkorb'],
];

/**
 * A batch's transaction with what its requests name read up front: the records above, the
 * participants' employers, the groups of the seminars' participants (what discounts look at) and
 * the seminars booked (an event's seminar), locked in one read in ascending id order — each would
 * be locked by its first booking anyway, and held until the batch commits —, and the bookings their
 * discount limits count (of those seminars and participants), kept by the view through the batch.
 */
async function vorgeladen(tx: BillingTx, anfragen: Buchungsanfrage[]): Promise<Lesepuffer> {
  const sicht = mitLesepuffer(tx);
  for (const art of new Set(GENANNT.map(([, a]) => a))) {
    const felder = GENANNT.filter(([, a]) => a === art).map(([feld]) => feld);
    await sicht.vorladen(
      art,
      anfragen.flatMap((a) => felder.map((f) => a[f]).filter((id): id is number => typeof id === 'number')),
    );
  }
  const teilnehmer = await Promise.all(
    anfragen.map((a) => sicht.objekt<Person>('Benutzer', a.teilnehmer_id)),
  );
  await sicht.vorladen(
    'Benutzer',
    teilnehmer.flatMap((t) => (t?.parent_id == null ? [] : [t.parent_id])),
  );
  const seminarbuchungen = anfragen.filter((a) => a.category === 'seminare');
  await sicht.gruppenVorladen(seminarbuchungen.map((a) => a.teilnehmer_id));
  const seminare = await Promise.all(
    seminarbuchungen.map(async (a) => {
      if (a.veranstaltung_event_id === null) return a.veranstaltung_id;
      const event = await sicht.objekt<Row>('Veranstaltung_Event', a.veranstaltung_event_id);
      return event ? Number(event.veranstaltung_id) : null;
    }),
  );
  const gebucht = seminare.filter((id): id is number => id !== null);
  await sicht.vorladen('Veranstaltung', gebucht, true);
  await sicht.seminarbuchungenVorladen(
    gebucht,
    seminarbuchungen.map((a) => a.teilnehmer_id),
  );
  return sicht;
}
