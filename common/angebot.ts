/**
 * What every offer with title variants shares (Rabatt, Abo, Bundle, Produkt; spec 002 §5, spec 003
 * §4): the web, cart and invoice titles follow the internal title while they still equal it. The
 * edit windows apply it as staff type; the server applies it on every save.
 */

export type Werte = Record<string, unknown>;

export const TITEL_VARIANTEN = ['titel_frontend', 'titel_warenkorb', 'titel_rechnung'] as const;

export const gegeben = (werte: Werte, feld: string) =>
  Object.prototype.hasOwnProperty.call(werte, feld) && werte[feld] !== undefined;

/** The value after the change: the changed one when given, else the one before. */
export const nachher = (vorher: Werte, eingabe: Werte, feld: string) =>
  gegeben(eingabe, feld) ? eingabe[feld] : vorher[feld];

const text = (wert: unknown) => (wert === null || wert === undefined ? '' : String(wert));

/**
 * The change plus the title variants that follow a new internal title: those that equalled the old
 * title (an empty variant counts as equal, it has never been set apart). A variant the change gives
 * itself with a value of its own is kept.
 */
export function titelFolgt(vorher: Werte, eingabe: Werte): Werte {
  const folge: Werte = { ...eingabe };
  if (!gegeben(eingabe, 'titel')) return folge;
  const alt = text(vorher.titel);
  if (text(eingabe.titel) === alt) return folge;
  for (const variante of TITEL_VARIANTEN) {
    const bisher = text(vorher[variante]);
    const folgte = bisher === alt || bisher === '';
    const eigen = gegeben(eingabe, variante) && text(eingabe[variante]) !== bisher;
    if (folgte && !eigen) folge[variante] = eingabe.titel;
  }
  return folge;
}
