/**
 * The seminar and event rules of spec 001 §4–§5 that the edit windows apply while staff type and
 * the server applies on every save (src/seminars/domain/seminar-regeln.ts), so that both agree.
 * A `…Folgt` function takes the values before a change and the changed ones and answers the
 * changed ones plus what follows from them; a value the change gives itself is never overridden.
 */

export type Werte = Record<string, unknown>;

export const PREIS_STUFEN = [1, 2, 3, 4, 5, 6] as const;

/** What a seminar takes over from its type (spec 001 §3: veranstaltung-typ). */
export interface TypVorgaben {
  ringseminar: boolean;
  multitermin: boolean;
  /** VAT rate in percent; 0 means the type's seminars carry no VAT. */
  mwst: number;
}

/** Stundenwerte are entered in steps of 0.05 (spec 001 §5). */
export const STUNDEN_SCHRITT = 0.05;

/** Spec 003 §9: the number of soll bookings an event's cost calculation assumes when none is set. */
export const SOLLBUCHUNG_VORGABE = 10;

/** The cost keys of an event besides `sollbuchung` (spec 001 §3), amounts with 2 decimals. */
export const KOSTEN_BETRAEGE = ['referenz_preis', 'referenten', 'raum', 'catering', 'sonstige'] as const;

const gegeben = (werte: Werte, feld: string) =>
  Object.prototype.hasOwnProperty.call(werte, feld) && werte[feld] !== undefined;

/** The value after the change: the changed one when given, else the one before. */
const nachher = (vorher: Werte, eingabe: Werte, feld: string) =>
  gegeben(eingabe, feld) ? eingabe[feld] : vorher[feld];

/** A price description counts as set when it holds anything but blanks; '0' counts (spec 001 §5). */
export function beschreibungGesetzt(beschreibung: unknown): boolean {
  if (beschreibung === null || beschreibung === undefined) return false;
  return String(beschreibung).trim() !== '';
}

/**
 * Prices and the expert mark, shared by seminars and events (spec 001 §4): a price whose
 * description is empty after the change is null with its description (the input is disabled
 * without one), and clearing the Fachberatermarke resets the expert hours to 0.
 */
function preiseUndMarkeFolgen(vorher: Werte, eingabe: Werte, folge: Werte): void {
  for (const n of PREIS_STUFEN) {
    const preis = `preis${n}`;
    const beschreibung = `preis${n}_beschreibung`;
    if (!gegeben(eingabe, preis) && !gegeben(eingabe, beschreibung)) continue;
    if (!beschreibungGesetzt(nachher(vorher, eingabe, beschreibung))) {
      folge[preis] = null;
      folge[beschreibung] = null;
    }
  }
  const markeGeleert =
    gegeben(eingabe, 'fachberatermarke_id') &&
    eingabe.fachberatermarke_id === null &&
    vorher.fachberatermarke_id != null;
  if (markeGeleert && !gegeben(eingabe, 'fachberater_stunden')) folge.fachberater_stunden = 0;
}

/** Seminar or event fields after a change of prices or the expert mark only. */
export function preiseUndMarkeFolgt(vorher: Werte, eingabe: Werte): Werte {
  const folge: Werte = { ...eingabe };
  preiseUndMarkeFolgen(vorher, eingabe, folge);
  return folge;
}

/**
 * A seminar after a change (spec 001 §4). `typ` is the seminar's type after the change (null
 * without one). Choosing a type copies ringseminar, multitermin (as nicht_gesamt_buchbar) and the
 * VAT; ticking nicht_gesamt_buchbar clears ringseminar, unticking restores the type's.
 */
export function seminarFolgt(vorher: Werte, eingabe: Werte, typ: TypVorgaben | null): Werte {
  const folge: Werte = { ...eingabe };
  const typGewechselt =
    gegeben(eingabe, 'veranstaltung_typ_id') && eingabe.veranstaltung_typ_id !== vorher.veranstaltung_typ_id;
  if (typGewechselt && typ) {
    if (!gegeben(eingabe, 'nicht_gesamt_buchbar')) folge.nicht_gesamt_buchbar = typ.multitermin;
    if (!gegeben(eingabe, 'mwst')) folge.mwst = typ.mwst;
  }
  const nichtGesamt = Boolean(nachher(vorher, folge, 'nicht_gesamt_buchbar'));
  const umgeschaltet = nichtGesamt !== Boolean(vorher.nicht_gesamt_buchbar);
  if (!gegeben(eingabe, 'ringseminar') && (umgeschaltet || (typGewechselt && typ)))
    folge.ringseminar = nichtGesamt ? false : (typ?.ringseminar ?? false);
  preiseUndMarkeFolgen(vorher, eingabe, folge);
  return folge;
}

/** The price rows a form shows: 1 and 2, then each further one once the previous has a description. */
export function sichtbarePreisstufen(werte: Werte): number[] {
  const stufen = [1, 2];
  for (const n of PREIS_STUFEN.slice(2)) {
    if (!beschreibungGesetzt(werte[`preis${n - 1}_beschreibung`])) break;
    stufen.push(n);
  }
  return stufen;
}

/** Spec 001 §5: a price can be entered only once its description is set. */
export function preisEingebbar(werte: Werte, stufe: number): boolean {
  return beschreibungGesetzt(werte[`preis${stufe}_beschreibung`]);
}

/** The VAT checkbox of a seminar: ticked means the type's rate, unticked 0; locked when the type has none. */
export function mwstSchalter(
  seminar: Werte,
  typ: TypVorgaben | null,
): { an: boolean; gesperrt: boolean; satz: number } {
  const satz = typ?.mwst ?? 0;
  return { an: Number(seminar.mwst ?? 0) > 0, gesperrt: satz === 0, satz };
}

/** Spec 001 §5: a seminar booked date by date has no registration deadline of its own (its events do). */
export function anmeldeschlussSichtbar(seminar: Werte): boolean {
  return !seminar.nicht_gesamt_buchbar;
}

/** What an event takes over from its seminar and its content. */
export interface EventBezug {
  seminar: { nicht_gesamt_buchbar: boolean } | null;
  /** The content after the change, when it was changed. */
  inhalt?: { titel: string } | null;
}

/**
 * An event after a change (spec 001 §4): a new event of a seminar that is not wholly bookable is
 * single-bookable unless said otherwise; picking a content sets the title to the content's.
 */
export function eventFolgt(vorher: Werte | null, eingabe: Werte, bezug: EventBezug): Werte {
  const alt = vorher ?? {};
  const folge: Werte = { ...eingabe };
  if (!vorher && !gegeben(eingabe, 'einzeln_buchbar') && bezug.seminar)
    folge.einzeln_buchbar = bezug.seminar.nicht_gesamt_buchbar;
  const inhaltGewechselt =
    gegeben(eingabe, 'veranstaltung_inhalt_id') &&
    eingabe.veranstaltung_inhalt_id !== alt.veranstaltung_inhalt_id;
  if (inhaltGewechselt && bezug.inhalt && !gegeben(eingabe, 'titel')) folge.titel = bezug.inhalt.titel;
  preiseUndMarkeFolgen(alt, eingabe, folge);
  return folge;
}

/** Spec 001 §5: an event's deadline and sold-out flag apply only when it is booked on its own. */
export function eventGesperrteFelder(event: Werte): string[] {
  return event.einzeln_buchbar ? [] : ['anmeldeschluss', 'ausgebucht'];
}

/** An event's costs as the form shows them: the soll bookings default to 10 (spec 003 §9). */
export function kostenMitVorgabe(kosten: unknown): Werte {
  const werte = typeof kosten === 'object' && kosten !== null ? (kosten as Werte) : {};
  return { ...werte, sollbuchung: werte.sollbuchung ?? SOLLBUCHUNG_VORGABE };
}

/** Spec 001 §5: a course needs a saved record; the message names the record as staff know it. */
export function tlmsUngespeichert(art: 'veranstaltung' | 'veranstaltung-event'): string {
  const wer = art === 'veranstaltung' ? 'Das Seminar' : 'Die Veranstaltung';
  return `${wer} muss gespeichert werden, bevor ein TalentLMS-Kurs erstellt werden kann!`;
}

/**
 * The seminar-invitation PDF (spec 001 §3, §7): its data fields, and its optional texts, each
 * switched on by being a string; the pdf-vorlage type of invitation templates.
 */
export const EINLADUNG_FELDER = ['seminar_titel', 'dozent_image_url', 'zahlungsweise'] as const;
export const EINLADUNG_TEXTE = [
  'subtitle',
  'headline',
  'einfuehrung',
  'themenuebersicht',
  'sonstiges',
  'header_field',
  'gebuehr_hinweis',
  'zahlungs_hinweis',
] as const;
export const EINLADUNGS_VORLAGE = 'Seminareinladung-Vorlage';
