/**
 * A newsletter's json_content as the default template shows it: each field of the template's
 * scheme in scheme order with a readable label and its value formatted German (dates DD.MM.YYYY,
 * numbers with a decimal comma, Ja/Nein); HTML values stay HTML; lists become rows of fields.
 */
import { feldBeschriftung, type ContentScheme } from '../../../common/newsletter';

export interface AnzeigeFeld {
  label: string;
  /** Text to show escaped. */
  text?: string;
  /** Sanitized HTML to show as is. */
  html?: string;
  /** The items of a list field. */
  liste?: AnzeigeFeld[][];
}

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 10 });

function text(typ: string, wert: unknown): string {
  if (typ === 'Boolean') return wert ? 'Ja' : 'Nein';
  if (typ === 'Number') return zahl.format(Number(wert));
  if (typ === 'Date') return String(wert).split('-').reverse().join('.');
  return String(wert);
}

const leer = (wert: unknown) => wert === null || wert === undefined || wert === '';

export function inhaltAnzeige(scheme: ContentScheme, content: unknown): AnzeigeFeld[] {
  if (typeof content !== 'object' || content === null) return [];
  const werte = content as Record<string, unknown>;
  return scheme.flatMap((feld): AnzeigeFeld[] => {
    const wert = werte[feld.name];
    if ('liste' in feld) {
      const eintraege = Array.isArray(wert) ? wert.map((eintrag) => inhaltAnzeige(feld.liste, eintrag)) : [];
      return eintraege.length ? [{ label: feldBeschriftung(feld.name), liste: eintraege }] : [];
    }
    if (leer(wert)) return [];
    return [
      feld.typ === 'HTML'
        ? { label: feldBeschriftung(feld.name), html: String(wert) }
        : { label: feldBeschriftung(feld.name), text: text(feld.typ, wert) },
    ];
  });
}
