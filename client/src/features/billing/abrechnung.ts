/**
 * The rules of the billing overview screens (spec 002 §2, §4): which category a screen bills,
 * the members of its current transactions, the German report of an invoice run, which actions a
 * transaction offers and when the payment tab is forced open.
 */
import { istAktuell } from '../../../../common/vorgang';
import type { Row } from '../../resources/types';

/** The categories with a billing screen in the menu and their id field (spec 002 §3). */
export interface AbrechnungsArt {
  category: 'seminare' | 'abos';
  feld: 'veranstaltung_id' | 'wb_abo_id';
  /** The resource of the billed object, for its title. */
  resource: 'veranstaltung' | 'wb-abo';
  path: string;
  label: string;
}

export const SEMINAR_ABRECHNUNG: AbrechnungsArt = {
  category: 'seminare',
  feld: 'veranstaltung_id',
  resource: 'veranstaltung',
  path: '/rw/seminar-abrechnung',
  label: 'Seminar-Abrechnung',
};

export const ABO_ABRECHNUNG: AbrechnungsArt = {
  category: 'abos',
  feld: 'wb_abo_id',
  resource: 'wb-abo',
  path: '/rw/abo-abrechnung',
  label: 'Abo-Abrechnung',
};

/** The where of a category object's records (invoices name the seminar itself). */
export function objektWhere(art: AbrechnungsArt, id: number): Row {
  return { category: art.category, [art.feld]: id };
}

/**
 * The query of a category object's transactions with the named filter `version` (`aktuell` or
 * `neueste`): a seminar's include its events', as the invoice run counts them (the server's named
 * filter `seminar:{id}`, which finds them by index).
 */
export function objektVorgaenge(
  art: AbrechnungsArt,
  id: number,
  version: 'aktuell' | 'neueste',
): { where: Row; scope: string } {
  if (art.category === 'seminare')
    return { where: { category: art.category }, scope: `${version},seminar:${id}` };
  return { where: objektWhere(art, id), scope: version };
}

/** Who pays an Abo booking: the employer of an employee who takes part, else the booking member. */
export function aboZahler(buchung: Row): number {
  const benutzer = (buchung.Benutzer ?? {}) as Row;
  return Number(benutzer.parent_id ?? buchung.benutzer_id);
}

/** The Abo bookings a paying member answers for: its own and its employees'. */
export const aboBuchungenWhere = (aboId: number, benutzerId: number): Row => ({
  wb_abo_id: aboId,
  $or: [{ benutzer_id: benutzerId }, { '$Benutzer.parent_id$': benutzerId }],
});

/** Sums in integer cents, so that 0,10 € + 0,20 € is 0,30 €. */
const cent = (betrag: unknown) => Math.round(Number(betrag ?? 0) * 100);

export interface MitgliedZeile {
  id: number;
  name: string;
  kennnummer: string;
  anzahl: number;
  offen: number;
  verifiziert: number;
  abgerechnet: number;
  /** Euros. */
  betrag: number;
}

/** The members of a category object's current transactions (spec 000 §4), in name order. */
export function mitgliederAusVorgaengen(vorgaenge: Row[]): MitgliedZeile[] {
  const mitglieder = new Map<number, MitgliedZeile & { cent: number }>();
  for (const t of vorgaenge) {
    if (!istAktuell(t) || t.benutzer_id == null) continue;
    const id = Number(t.benutzer_id);
    const benutzer = (t.Benutzer ?? {}) as Row;
    const zeile = mitglieder.get(id) ?? {
      id,
      name: String(benutzer.anzeigename ?? `Benutzer ${id}`),
      kennnummer: String(benutzer.kennnummer ?? ''),
      anzahl: 0,
      offen: 0,
      verifiziert: 0,
      abgerechnet: 0,
      betrag: 0,
      cent: 0,
    };
    zeile.anzahl += 1;
    if (t.rw_rechnung_id != null) zeile.abgerechnet += 1;
    else if (t.verifiziert) zeile.verifiziert += 1;
    else zeile.offen += 1;
    zeile.cent += cent(t.betrag);
    mitglieder.set(id, zeile);
  }
  return [...mitglieder.values()]
    .map(({ cent: summe, ...zeile }) => ({ ...zeile, betrag: summe / 100 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}

export interface Laufergebnis {
  all: number;
  created: number;
  storno: number;
  fehler?: string[];
}

/** The answer of an invoice run as staff read it; reports ("Für … fehlt eine Zahlungsart") follow. */
export function laufMeldung(ergebnis: Laufergebnis): string[] {
  return [
    `Mitglieder mit offenen Vorgängen: ${ergebnis.all}, Rechnungen erstellt: ${ergebnis.created}, Storno-Rechnungen: ${ergebnis.storno}`,
    ...(ergebnis.fehler ?? []),
  ];
}

/** The answer of an export (POST rw-abrechnung): the summary's counts, then the run's reports. */
export function exportMeldung(ergebnis: Laufergebnis & { id: number }): string[] {
  return [
    `Abrechnung ${ergebnis.id} erstellt: ${ergebnis.all} Rechnungen (davon ${ergebnis.storno} Storno-Rechnungen).`,
    ...(ergebnis.fehler ?? []),
  ];
}

export interface VorgangAktionen {
  verifizieren: boolean;
  stornieren: boolean;
}

/**
 * Spec 002 §4: verify only what is neither cancelled nor verified nor invoiced; cancel what is not
 * cancelled (also invoiced ones: the next run issues the storno). Reverting and deleting stay
 * offered: the server decides them and says why not.
 */
export function vorgangAktionen(t: Row): VorgangAktionen {
  const aktuell = istAktuell(t);
  return {
    verifizieren: aktuell && !t.verifiziert && t.rw_rechnung_id == null,
    stornieren: aktuell,
  };
}

/** Spec 002 §4, §8: a missing payment option, or an error loading it, forces the payment tab open. */
export function bezahlungErzwungen(
  geladen: boolean,
  option: Row | null | undefined,
  fehler: unknown,
): boolean {
  return Boolean(fehler) || (geladen && !option);
}
