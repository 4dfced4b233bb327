/**
 * A booking batch's view of its transaction (Buchungsstapel): the records of other contexts a
 * booking names (members, seminars, Abos, …) and a member's groups are read once per batch, those
 * the batch names up front in one read per kind (`vorladen`, the seminars locked). Its bookings
 * and changes write none of them, so a second read in the same transaction would answer the same;
 * a locked read is taken once and holds its lock until the transaction ends.
 *
 * The bookings the discounts' limits count (`seminarbuchungen`) are read once per seminar and
 * participant too, up front for the batch's bookings (`seminarbuchungenVorladen`), and kept as the
 * batch writes through this view: a new booking or version joins them, a change applies to the
 * rows kept, a row no longer counted (domain/vorgang.ts `zaehltFuerRabattgrenzen`) leaves them, a
 * deleted one too. A change that could make a booking not kept count again (a storno lifted, a
 * newer version undone) forgets them all. The rows kept follow what the limits look at, not the
 * columns of chains and invoices (`first_id`, `locked`, `rw_rechnung_id`).
 *
 * An invoice circle is locked once per batch, its counter kept as the batch's runs number on and
 * written once, at the batch's end (`zaehlerSchreiben`). Everything else goes to the transaction.
 */
import type { Nummernkreis } from '../domain/nummernkreis';
import { zaehltFuerRabattgrenzen } from '../domain/vorgang';
import type { BillingTx, Buchungsobjekt, Buchungsvorgang } from './ports/abrechnungsspeicher';

export interface Lesepuffer extends BillingTx {
  /** Reads the records of kind `art` with these ids not read yet (`sperren`: not locked yet), in one read. */
  vorladen(art: Buchungsobjekt, ids: Iterable<number>, sperren?: boolean): Promise<void>;
  /** Reads the groups of these Benutzer not read yet, in one read. */
  gruppenVorladen(benutzerIds: Iterable<number>): Promise<void>;
  /** Reads the counted bookings of these seminars and participants not read yet, in one read. */
  seminarbuchungenVorladen(seminarIds: Iterable<number>, teilnehmerIds: Iterable<number>): Promise<void>;
  /** A new booking to be inserted by the next `vorgemerkteEinfuegen`, counted by `seminarbuchungen` already. */
  vormerken(werte: Partial<Buchungsvorgang>): void;
  /** Inserts the bookings `vormerken` kept, in their order (vorgaengeEinfuegen); answers each with its id. */
  vorgemerkteEinfuegen(): Promise<{ werte: Partial<Buchungsvorgang>; id: number }[]>;
  /** Writes the counters of the invoice circles the batch numbered from, each once. */
  zaehlerSchreiben(): Promise<void>;
}

type Puffer = Pick<
  Lesepuffer,
  | 'objekt'
  | 'gruppenVon'
  | 'vorladen'
  | 'gruppenVorladen'
  | 'seminarbuchungen'
  | 'seminarbuchungenVorladen'
  | 'vormerken'
  | 'vorgemerkteEinfuegen'
  | 'vorgangEinfuegen'
  | 'vorgaengeEinfuegen'
  | 'vorgaengeAendern'
  | 'vorgangLoeschen'
  | 'rechnungsKreisGesperrt'
  | 'kreisZaehlerSetzen'
  | 'zaehlerSchreiben'
>;

/** Whether changing bookings by `werte` could make one not kept count (the rest only leave or stay). */
const koennteWiederZaehlen = (werte: Partial<Buchungsvorgang>) =>
  ('child_id' in werte && werte.child_id == null) ||
  ('storno' in werte && !werte.storno) ||
  'category' in werte ||
  'veranstaltung_id' in werte ||
  'teilnehmer_id' in werte;

/** The counted bookings kept, by id and by the seminar and the participant they count for. */
class Gezaehlt {
  readonly seminare = new Set<number>();
  readonly teilnehmer = new Set<number>();
  private readonly zeilen = new Map<number, Buchungsvorgang>();
  private readonly jeSeminar = new Map<number, Set<number>>();
  private readonly jeTeilnehmer = new Map<number, Set<number>>();

  /** Keeps `v` as it is now, if it counts for a seminar or participant kept. */
  behalten(v: Buchungsvorgang): void {
    this.entfernen(v.id);
    const seminar = v.veranstaltung_id!;
    const teilnehmer = v.teilnehmer_id;
    const gehoert =
      zaehltFuerRabattgrenzen(v) &&
      (this.seminare.has(seminar) || (teilnehmer != null && this.teilnehmer.has(teilnehmer)));
    if (!gehoert) return;
    this.zeilen.set(v.id, v);
    eintragen(this.jeSeminar, seminar, v.id);
    if (teilnehmer != null) eintragen(this.jeTeilnehmer, teilnehmer, v.id);
  }

  aendern(ids: Iterable<number>, werte: Partial<Buchungsvorgang>): void {
    for (const id of ids) {
      const v = this.zeilen.get(id);
      if (v) this.behalten({ ...v, ...werte });
    }
  }

  entfernen(id: number): void {
    const v = this.zeilen.get(id);
    if (!v) return;
    this.zeilen.delete(id);
    this.jeSeminar.get(v.veranstaltung_id!)?.delete(id);
    if (v.teilnehmer_id != null) this.jeTeilnehmer.get(v.teilnehmer_id)?.delete(id);
  }

  vergessen(): void {
    for (const menge of [this.seminare, this.teilnehmer, this.zeilen, this.jeSeminar, this.jeTeilnehmer])
      menge.clear();
  }

  von(seminarId: number, teilnehmerId: number): Buchungsvorgang[] {
    const ids = new Set([
      ...(this.jeSeminar.get(seminarId) ?? []),
      ...(this.jeTeilnehmer.get(teilnehmerId) ?? []),
    ]);
    return [...ids].sort((a, b) => a - b).map((id) => this.zeilen.get(id)!);
  }
}

function eintragen(je: Map<number, Set<number>>, schluessel: number, id: number): void {
  let ids = je.get(schluessel);
  if (!ids) je.set(schluessel, (ids = new Set()));
  ids.add(id);
}

/** Where the keys of bookings kept before they are inserted start: above every id a table reaches. */
const VORGEMERKT_AB = 2 ** 52;

export function mitLesepuffer(tx: BillingTx): Lesepuffer {
  const objekte = new Map<string, { gesperrt: boolean; zeile: Promise<unknown> }>();
  const gruppen = new Map<number, Promise<number[]>>();
  const gezaehlt = new Gezaehlt();
  /** New bookings kept for insertion, under keys of their own until they have ids. */
  let vorgemerkt: { werte: Partial<Buchungsvorgang>; schluessel: number }[] = [];
  const kreise = new Map<number, Promise<Nummernkreis | null>>();
  /** The counters the batch took, by invoice circle, not written yet. */
  const zaehler = new Map<number, number>();
  const puffer: Puffer = {
    objekt<T>(art: Buchungsobjekt, id: number, sperren = false): Promise<T | null> {
      const schluessel = `${art}:${id}`;
      const vorhanden = objekte.get(schluessel);
      if (vorhanden && (vorhanden.gesperrt || !sperren)) return vorhanden.zeile as Promise<T | null>;
      const zeile = tx.objekt<T>(art, id, sperren);
      objekte.set(schluessel, { gesperrt: sperren, zeile });
      return zeile;
    },
    gruppenVon(benutzerId: number): Promise<number[]> {
      let ids = gruppen.get(benutzerId);
      if (!ids) gruppen.set(benutzerId, (ids = tx.gruppenVon(benutzerId)));
      return ids.then((g) => g.slice());
    },
    async vorladen(art: Buchungsobjekt, ids: Iterable<number>, sperren = false): Promise<void> {
      const fehlend = [...new Set(ids)].filter((id) => {
        const vorhanden = objekte.get(`${art}:${id}`);
        return !vorhanden || (sperren && !vorhanden.gesperrt);
      });
      const zeilen = new Map((await tx.objekte(art, fehlend, sperren)).map((z) => [Number(z.id), z]));
      for (const id of fehlend)
        objekte.set(`${art}:${id}`, { gesperrt: sperren, zeile: Promise.resolve(zeilen.get(id) ?? null) });
    },
    async gruppenVorladen(benutzerIds: Iterable<number>): Promise<void> {
      const fehlend = [...new Set(benutzerIds)].filter((id) => !gruppen.has(id));
      for (const [id, g] of await tx.gruppenVonAllen(fehlend)) gruppen.set(id, Promise.resolve(g));
    },
    async seminarbuchungenVorladen(seminarIds: Iterable<number>, teilnehmerIds: Iterable<number>) {
      const seminare = [...new Set(seminarIds)].filter((id) => !gezaehlt.seminare.has(id));
      const teilnehmer = [...new Set(teilnehmerIds)].filter((id) => !gezaehlt.teilnehmer.has(id));
      if (seminare.length === 0 && teilnehmer.length === 0) return;
      const zeilen = await tx.seminarbuchungenAller(seminare, teilnehmer);
      for (const id of seminare) gezaehlt.seminare.add(id);
      for (const id of teilnehmer) gezaehlt.teilnehmer.add(id);
      for (const v of zeilen) gezaehlt.behalten(v);
      // Those kept for insertion count for the seminars and participants read now too.
      for (const { werte, schluessel } of vorgemerkt)
        gezaehlt.behalten({ ...werte, id: schluessel } as Buchungsvorgang);
    },
    async seminarbuchungen(seminarId: number, teilnehmerId: number): Promise<Buchungsvorgang[]> {
      await puffer.seminarbuchungenVorladen([seminarId], [teilnehmerId]);
      return gezaehlt.von(seminarId, teilnehmerId);
    },
    vormerken(werte) {
      const schluessel = VORGEMERKT_AB + vorgemerkt.length;
      vorgemerkt.push({ werte, schluessel });
      gezaehlt.behalten({ ...werte, id: schluessel } as Buchungsvorgang);
    },
    async vorgemerkteEinfuegen() {
      if (vorgemerkt.length === 0) return [];
      const liste = vorgemerkt;
      vorgemerkt = [];
      for (const { schluessel } of liste) gezaehlt.entfernen(schluessel);
      const ids = await puffer.vorgaengeEinfuegen(liste.map((v) => v.werte));
      return liste.map(({ werte }, i) => ({ werte, id: ids[i] }));
    },
    async vorgangEinfuegen(werte) {
      const id = await tx.vorgangEinfuegen(werte);
      gezaehlt.behalten({ ...werte, id } as Buchungsvorgang);
      return id;
    },
    async vorgaengeEinfuegen(werte) {
      const ids = await tx.vorgaengeEinfuegen(werte);
      werte.forEach((w, i) => gezaehlt.behalten({ ...w, id: ids[i] } as Buchungsvorgang));
      return ids;
    },
    async vorgaengeAendern(ids, werte) {
      await tx.vorgaengeAendern(ids, werte);
      if (koennteWiederZaehlen(werte)) gezaehlt.vergessen();
      else gezaehlt.aendern(ids, werte);
    },
    async rechnungsKreisGesperrt(id) {
      let kreis = kreise.get(id);
      if (!kreis) kreise.set(id, (kreis = tx.rechnungsKreisGesperrt(id)));
      const gelesen = await kreis;
      return gelesen && { ...gelesen, current_nr: zaehler.get(id) ?? gelesen.current_nr };
    },
    async kreisZaehlerSetzen(art, id, current_nr) {
      if (art === 'rechnung') zaehler.set(id, current_nr);
      else await tx.kreisZaehlerSetzen(art, id, current_nr);
    },
    async zaehlerSchreiben() {
      for (const [id, current_nr] of zaehler) await tx.kreisZaehlerSetzen('rechnung', id, current_nr);
      zaehler.clear();
    },
    async vorgangLoeschen(id) {
      await tx.vorgangLoeschen(id);
      gezaehlt.entfernen(id);
    },
  };
  // The transaction's own methods and state through the prototype, the reads above in front.
  return Object.assign(Object.create(tx) as BillingTx, puffer);
}
