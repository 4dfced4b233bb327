import { contentFehler, type ContentScheme } from '../../../common/newsletter';

/**
 * The part of a StBdirekt answer that a template's scheme knows, or why it does not fit. The
 * service may send more than one template uses; what it sends for a known field must fit.
 */
export function stbdirektInhalt(
  scheme: ContentScheme,
  antwort: Record<string, unknown>,
): { ok: true; json_content: Record<string, unknown> } | { ok: false; fehler: string } {
  const bekannt = new Set(scheme.map((feld) => feld.name));
  const json_content = Object.fromEntries(Object.entries(antwort).filter(([name]) => bekannt.has(name)));
  const fehler = contentFehler(scheme, json_content);
  return fehler ? { ok: false, fehler } : { ok: true, json_content };
}
