import { contentFehler, gruppenInBeiden, mapHtml, type ContentScheme } from '../../../common/newsletter';
import { DomainError } from '../../shared/domain-error';

/** A newsletter that has gone out is part of the record of what members received. */
export function pruefeNewsletterloeschung(begonneneDispatcher: number): void {
  if (begonneneDispatcher > 0) {
    throw DomainError.conflict(
      'NEWSLETTER_VERSENDET',
      'Ein Newsletter, dessen Versand begonnen hat oder abgeschlossen ist, kann nicht gelöscht werden.',
    );
  }
}

/** The send and exclusion groups of a save: unknown ones and ones in both lists are refused. */
export function pruefeGruppen(versand: number[], ausschluss: number[], vorhanden: Set<number>): void {
  const fehler: Record<string, string> = {};
  const fehlend = (ids: number[]) => ids.filter((id) => !vorhanden.has(id));
  for (const [feld, ids] of [
    ['Benutzer_Gruppes', versand],
    ['Ausschluss_Gruppes', ausschluss],
  ] as const) {
    const unbekannt = fehlend(ids);
    if (unbekannt.length) fehler[feld] = `enthält unbekannte Gruppen (${unbekannt.join(', ')})`;
  }
  const beide = gruppenInBeiden(versand, ausschluss);
  if (beide.length && !fehler.Ausschluss_Gruppes)
    fehler.Ausschluss_Gruppes = `enthält Gruppen, die schon Versand-Gruppen sind (${beide.join(', ')})`;
  if (Object.keys(fehler).length) throw DomainError.fields(fehler);
}

/** Whom a newsletter goes to (spec 002 §3): its send groups minus its exclusion groups. */
export interface EmpfaengerAuswahl {
  gruppen: number[];
  ausschluss: number[];
  /** allow_duplicate_email: one mail per Benutzer even where several share an address. */
  duplikate: boolean;
}

export function empfaengerAuswahl(newsletter: {
  allow_duplicate_email: boolean;
  versand: number[];
  ausschluss: number[];
}): EmpfaengerAuswahl {
  return {
    gruppen: newsletter.versand,
    ausschluss: newsletter.ausschluss,
    duplikate: newsletter.allow_duplicate_email,
  };
}

/**
 * The json_content of a newsletter checked against its template's scheme, with every HTML field
 * made safe; the body made safe too.
 */
export function newsletterInhalt(
  werte: { json_content?: unknown; body?: unknown },
  scheme: ContentScheme | null,
  sicher: (html: string) => string,
): { json_content?: unknown; body?: unknown } {
  const neu: { json_content?: unknown; body?: unknown } = {};
  if (typeof werte.body === 'string') neu.body = sicher(werte.body);
  if (werte.json_content !== undefined && werte.json_content !== null) {
    if (!scheme) throw DomainError.fields({ json_content: 'braucht eine Vorlage mit Inhaltsschema' });
    const fehler = contentFehler(scheme, werte.json_content);
    if (fehler) throw DomainError.fields({ json_content: `passt nicht zur Vorlage: ${fehler}` });
    neu.json_content = mapHtml(scheme, werte.json_content, sicher);
  }
  return neu;
}
