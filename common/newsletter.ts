/**
 * Newsletter templates and their content (spec 002 §3, §5, §9): the grammar of a template's
 * content scheme, whether a newsletter's json_content fits it, the template defaults and the
 * auto send time rules. Pure rules shared by the server (enforced on save) and the client (the
 * generated Inhalte form and the Automatik tab), so that both behave the same.
 */

export const FELD_TYPEN = ['String', 'Number', 'Boolean', 'Date', 'Time', 'HTML'] as const;
export type FeldTyp = (typeof FELD_TYPEN)[number];

/** One field of a content scheme: a value of a type, or a list of items with fields of their own. */
export type SchemeFeld =
  | {
      name: string;
      typ: FeldTyp;
      /** Editor height in pixels of an HTML field ("HTML|300"). */ hoehe?: number;
    }
  | { name: string; liste: SchemeFeld[] };

export type ContentScheme = SchemeFeld[];

export type Geprueft<T> = { ok: true; wert: T } | { ok: false; fehler: string };

/**
 * Reads a content scheme: a JSON object (or its text) whose keys name the fields and whose values
 * are a type name, 'HTML|<height>', or a list holding one object, the scheme of each item, e.g.
 * `{"titel": "String", "text": "HTML|300", "termine": [{"datum": "Date", "ort": "String"}]}`.
 */
export function leseContentScheme(roh: unknown): Geprueft<ContentScheme> {
  let wert = roh;
  if (typeof roh === 'string') {
    try {
      wert = JSON.parse(roh);
    } catch {
      return { ok: false, fehler: 'ist kein gültiges JSON' };
    }
  }
  const fehler: string[] = [];
  const scheme = leseObjekt(wert, '', fehler);
  return fehler.length ? { ok: false, fehler: fehler[0] } : { ok: true, wert: scheme };
}

const istObjekt = (wert: unknown): wert is Record<string, unknown> =>
  typeof wert === 'object' && wert !== null && !Array.isArray(wert);

const pfad = (vorne: string, name: string) => (vorne ? `${vorne}.${name}` : name);

const ERLAUBT = `${FELD_TYPEN.join(', ')}, HTML|Höhe oder eine Liste [{…}]`;

function leseObjekt(wert: unknown, vorne: string, fehler: string[]): SchemeFeld[] {
  if (!istObjekt(wert)) {
    fehler.push(
      vorne
        ? `enthält bei „${vorne}“ keine Liste mit genau einem Objekt`
        : 'muss ein JSON-Objekt mit Feldnamen und Feldtypen sein',
    );
    return [];
  }
  return Object.entries(wert).map(([name, typ]) => leseFeld(name, typ, pfad(vorne, name), fehler));
}

function leseFeld(name: string, typ: unknown, ort: string, fehler: string[]): SchemeFeld {
  if (Array.isArray(typ)) {
    if (typ.length !== 1) fehler.push(`enthält bei „${ort}“ keine Liste mit genau einem Objekt`);
    return { name, liste: leseObjekt(typ[0], ort, fehler) };
  }
  const match = typeof typ === 'string' ? /^(\w+)(?:\|(\d+))?$/.exec(typ) : null;
  const basis = match?.[1] as FeldTyp | undefined;
  if (!match || !basis || !FELD_TYPEN.includes(basis) || (match[2] !== undefined && basis !== 'HTML')) {
    fehler.push(`hat bei „${ort}“ einen unbekannten Feldtyp (erlaubt: ${ERLAUBT})`);
    return { name, typ: 'String' };
  }
  return match[2] === undefined ? { name, typ: basis } : { name, typ: basis, hoehe: Number(match[2]) };
}

const DATUM = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const UHRZEIT = /^([01]\d|2[0-3]):[0-5]\d$/;

const PASST: Record<FeldTyp, [(wert: unknown) => boolean, string]> = {
  String: [(w) => typeof w === 'string', 'muss ein Text sein'],
  HTML: [(w) => typeof w === 'string', 'muss ein Text sein'],
  Number: [(w) => typeof w === 'number' && Number.isFinite(w), 'muss eine Zahl sein'],
  Boolean: [(w) => typeof w === 'boolean', 'muss ja oder nein sein'],
  Date: [(w) => typeof w === 'string' && DATUM.test(w), 'muss ein Datum (JJJJ-MM-TT) sein'],
  Time: [(w) => typeof w === 'string' && UHRZEIT.test(w), 'muss eine Uhrzeit (HH:MM) sein'],
};

/**
 * Why `content` does not fit `scheme`, or null: every value has its field's type (empty values
 * are allowed), lists hold objects of the item scheme, and no field is unknown to the scheme.
 */
export function contentFehler(scheme: ContentScheme, content: unknown, vorne = ''): string | null {
  if (!istObjekt(content)) return vorne ? `„${vorne}“ muss ein Objekt sein` : 'muss ein Objekt sein';
  const felder = new Map(scheme.map((feld) => [feld.name, feld]));
  for (const [name, wert] of Object.entries(content)) {
    const ort = pfad(vorne, name);
    const feld = felder.get(name);
    if (!feld) return `enthält das Feld „${ort}“, das die Vorlage nicht kennt`;
    if (wert === null || wert === undefined || wert === '') continue;
    if ('liste' in feld) {
      if (!Array.isArray(wert)) return `„${ort}“ muss eine Liste sein`;
      for (const [i, eintrag] of wert.entries()) {
        const fehler = contentFehler(feld.liste, eintrag, `${ort}[${i + 1}]`);
        if (fehler) return fehler;
      }
      continue;
    }
    const [passt, meldung] = PASST[feld.typ];
    if (!passt(wert)) return `„${ort}“ ${meldung}`;
  }
  return null;
}

/** `content` with every HTML value replaced by `f(value)`; lists are walked item by item. */
export function mapHtml(scheme: ContentScheme, content: unknown, f: (html: string) => unknown): unknown {
  if (!istObjekt(content)) return content;
  const neu: Record<string, unknown> = { ...content };
  for (const feld of scheme) {
    const wert = content[feld.name];
    if ('liste' in feld) {
      if (Array.isArray(wert)) neu[feld.name] = wert.map((eintrag) => mapHtml(feld.liste, eintrag, f));
    } else if (feld.typ === 'HTML' && typeof wert === 'string') neu[feld.name] = f(wert);
  }
  return neu;
}

/** How a scheme field is labelled in the form and the default template: 'termin_datum' → 'Termin datum'. */
export function feldBeschriftung(name: string): string {
  const text = name.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An empty item of a list: no field filled in. */
export function leererEintrag(liste: SchemeFeld[]): Record<string, unknown> {
  return Object.fromEntries(liste.map((feld) => [feld.name, 'liste' in feld ? [] : null]));
}

/** Spec 002 §9: what a new template's automation starts with. */
export const VORLAGE_DEFAULTS = {
  auto_titel: '{lg_id} - {titel} - {datum}',
  auto_betreff: '{titel}',
  auto_vortage: 20,
  auto_day_time: '12:00',
} as const;

/** The send time fields of a template's automation (in its `data`). */
export interface AutoVersand {
  auto_vortage?: number | null;
  auto_nachtage?: number | null;
  auto_minutes?: number | null;
  auto_day_time?: string | null;
}

type VersandFeld = 'auto_vortage' | 'auto_nachtage' | 'auto_minutes';

const leer = (wert: unknown) => wert === null || wert === undefined || wert === '';

/**
 * One send time field changed (spec 002 §5): Vortage and Nachtage exclude each other, so setting
 * one clears the other and clearing one sets the other to 0; minutes before the start replace
 * both, which are cleared while minutes are set.
 */
export function autoVersandAendern<T extends AutoVersand>(
  data: T,
  feld: VersandFeld,
  wert: number | null,
): T {
  const neu = { ...data, [feld]: wert };
  if (feld === 'auto_minutes') {
    if (!leer(wert)) Object.assign(neu, { auto_vortage: null, auto_nachtage: null });
    return neu;
  }
  const andere = feld === 'auto_vortage' ? 'auto_nachtage' : 'auto_vortage';
  return { ...neu, [andere]: leer(wert) ? 0 : null };
}

/** Whether Vortage and Nachtage are locked: minutes before the start are set. */
export const tageGesperrt = (data: AutoVersand): boolean => !leer(data.auto_minutes);

/** The refusals of the send time fields, keyed 'data.<field>' like the form's fields. */
export function autoVersandFehler(data: AutoVersand): Record<string, string> {
  const fehler: Record<string, string> = {};
  const ganz = (wert: unknown, min: number, max = Infinity) =>
    leer(wert) || (Number.isInteger(wert) && (wert as number) >= min && (wert as number) <= max);
  if (!ganz(data.auto_minutes, 1, 480))
    fehler['data.auto_minutes'] = 'muss eine ganze Zahl von 1 bis 480 sein';
  for (const feld of ['auto_vortage', 'auto_nachtage'] as const) {
    if (!ganz(data[feld], 0)) fehler[`data.${feld}`] = 'muss eine ganze Zahl ab 0 sein';
    else if (!leer(data[feld]) && tageGesperrt(data))
      fehler[`data.${feld}`] = 'ist nicht möglich, solange Minuten vor Beginn gesetzt sind';
  }
  if (
    !leer(data.auto_vortage) &&
    !leer(data.auto_nachtage) &&
    data.auto_vortage !== 0 &&
    data.auto_nachtage !== 0
  )
    fehler['data.auto_nachtage'] = 'schließt „Tage vorher“ aus';
  if (
    !leer(data.auto_day_time) &&
    !(typeof data.auto_day_time === 'string' && UHRZEIT.test(data.auto_day_time))
  )
    fehler['data.auto_day_time'] = 'muss eine Uhrzeit (HH:MM) sein';
  return fehler;
}

/** Spec 002 §5: a group is offered for one list only while it is in neither list. */
export function gruppeWaehlbar(gruppeId: number, versand: number[], ausschluss: number[]): boolean {
  return !versand.includes(gruppeId) && !ausschluss.includes(gruppeId);
}

/** The groups in both lists; a save with any of them is refused. */
export const gruppenInBeiden = (versand: number[], ausschluss: number[]): number[] =>
  versand.filter((id) => ausschluss.includes(id));

/** Spec 002 §5, §8: a dispatch is planned for a stored newsletter only. */
export const NICHT_GESPEICHERT = 'Newsletter muss zuvor gespeichert werden.';

/**
 * The participant-group shortcut (spec 002 §5): the Teilnehmer group of the newsletter's event,
 * else of its seminar, with the message when there is none; null without event and seminar.
 */
export function teilnehmerGruppenSuche(newsletter: {
  veranstaltung_id?: number | null;
  veranstaltung_event_id?: number | null;
}): { where: Record<string, unknown>; fehler: string } | null {
  if (newsletter.veranstaltung_event_id != null)
    return {
      where: { typ: 'Teilnehmer', veranstaltung_event_id: newsletter.veranstaltung_event_id },
      fehler: 'Event-Teilnehmer-Gruppe wurde nicht gefunden',
    };
  if (newsletter.veranstaltung_id != null)
    return {
      where: {
        typ: 'Teilnehmer',
        veranstaltung_id: newsletter.veranstaltung_id,
        veranstaltung_event_id: null,
      },
      fehler: 'Seminar-Teilnehmer-Gruppe wurde nicht gefunden',
    };
  return null;
}

/** Spec 002 §5: the link title of a news item exists only with a link. */
export function newsLinkFolgt<T extends Record<string, unknown>>(data: T): T {
  if (typeof data.link === 'string' && data.link.trim() !== '') return data;
  const { link_titel: _, ...ohne } = data;
  return ohne as T;
}

/** Spec 002 §6: the colour themes by the staff user's association number; none for others. */
export function farbschemata(verband: number | null | undefined): readonly string[] {
  if (verband === 2) return ['akademie', 'verband'];
  if (verband === 3) return ['default-green', 'light-green', 'green', 'red', 'blue', 'dark-blue'];
  return [];
}

/** The theme a new news item starts with: the first of the association's (akademie for 2). */
export const standardFarbschema = (verband: number | null | undefined): string | undefined =>
  farbschemata(verband)[0];
