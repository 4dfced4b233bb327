/**
 * A newsletter's json_content as the default template shows it: each field of the template's
 * scheme in scheme order with a readable label and its value formatted German (dates DD.MM.YYYY,
 * numbers with a decimal comma); HTML values stay HTML (sanitized when saved); a web address is a
 * link (tracked when sent, as every link); lists become rows of fields. Booleans are no text to
 * read (issue 31): a Boolean `x_anzeigen` (or `zeige_x`) decides whether the field `x` beside it
 * shows; any other Boolean shows its label as a marker when set.
 */
import { feldBeschriftung, type ContentScheme } from '../../../common/newsletter';

export interface AnzeigeFeld {
  label: string;
  /** Text to show escaped. */
  text?: string;
  /** Sanitized HTML to show as is. */
  html?: string;
  /** A web address to show as a link. */
  link?: string;
  /** The items of a list field. */
  liste?: AnzeigeFeld[][];
}

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 10 });

function text(typ: string, wert: unknown): string {
  if (typ === 'Number') return zahl.format(Number(wert));
  if (typ === 'Date') return String(wert).split('-').reverse().join('.');
  return String(wert);
}

const leer = (wert: unknown) => wert === null || wert === undefined || wert === '';

/** The field a Boolean decides about by its name: `hinweis_anzeigen` / `zeige_hinweis` → `hinweis`. */
const gesteuertesFeld = (name: string) => /^(.+)_anzeigen$/.exec(name)?.[1] ?? /^zeige_(.+)$/.exec(name)?.[1];

const WEBADRESSE = /^https?:\/\/\S+$/i;

export function inhaltAnzeige(scheme: ContentScheme, content: unknown): AnzeigeFeld[] {
  if (typeof content !== 'object' || content === null) return [];
  const werte = content as Record<string, unknown>;
  const namen = new Set(scheme.map((feld) => feld.name));
  const verborgen = new Set(
    scheme.flatMap((feld) => {
      const ziel = 'typ' in feld && feld.typ === 'Boolean' ? gesteuertesFeld(feld.name) : undefined;
      return ziel && namen.has(ziel) && werte[feld.name] !== true ? [ziel] : [];
    }),
  );
  return scheme.flatMap((feld): AnzeigeFeld[] => {
    const wert = werte[feld.name];
    const label = feldBeschriftung(feld.name);
    if (verborgen.has(feld.name)) return [];
    if ('liste' in feld) {
      const eintraege = Array.isArray(wert) ? wert.map((eintrag) => inhaltAnzeige(feld.liste, eintrag)) : [];
      return eintraege.length ? [{ label, liste: eintraege }] : [];
    }
    if (feld.typ === 'Boolean') {
      const ziel = gesteuertesFeld(feld.name);
      return wert === true && !(ziel && namen.has(ziel)) ? [{ label }] : [];
    }
    if (leer(wert)) return [];
    if (feld.typ === 'HTML') return [{ label, html: String(wert) }];
    if (feld.typ === 'String' && WEBADRESSE.test(String(wert).trim()))
      return [{ label, link: String(wert).trim() }];
    return [{ label, text: text(feld.typ, wert) }];
  });
}
