/**
 * Signed tokens of the links in sent newsletters (issue 15): a tracked link /node/r/{token} and
 * the one-click unsubscribe /node/abmelden/{token}. A token names the dispatch row and, for a
 * link, the address it leads to; its HMAC makes it unguessable and unchangeable, so only
 * addresses the dispatch put into the newsletter can be redirect targets. The preview renders the
 * same links with tokens of its own (`vorschau`: the newsletter's id instead of a dispatch row):
 * they lead where the sent ones lead, but record nothing and unsubscribe nobody.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Whom a token belongs to: one recipient row of a dispatch, or the preview of a newsletter. */
export type Herkunft = { versandId: number } | { vorschau: number };

export type TokenInhalt = Herkunft & ({ zweck: 'klick'; url: string } | { zweck: 'abmelden' });

/** The compact kinds: k/a for a dispatch row, kv/av for a preview. */
const ART = { klick: 'k', abmelden: 'a' } as const;
const VORSCHAU = 'v';

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const mac = (daten: string, schluessel: string) =>
  createHmac('sha256', schluessel).update(daten).digest().subarray(0, 16);

export function signiere(inhalt: TokenInhalt, schluessel: string): string {
  const [art, id] =
    'vorschau' in inhalt
      ? [ART[inhalt.zweck] + VORSCHAU, inhalt.vorschau]
      : [ART[inhalt.zweck], inhalt.versandId];
  const kompakt = inhalt.zweck === 'klick' ? [art, id, inhalt.url] : [art, id];
  const daten = b64(Buffer.from(JSON.stringify(kompakt)));
  return `${daten}.${b64(mac(daten, schluessel))}`;
}

/** The content of a token this key signed, or null for anything else (tampered, truncated, foreign). */
export function pruefe(token: string, schluessel: string): TokenInhalt | null {
  const [daten, signatur, ...rest] = token.split('.');
  if (!daten || !signatur || rest.length) return null;
  const erwartet = mac(daten, schluessel);
  const gegeben = Buffer.from(signatur, 'base64url');
  if (gegeben.length !== erwartet.length || !timingSafeEqual(gegeben, erwartet)) return null;
  try {
    const [art, id, url] = JSON.parse(Buffer.from(daten, 'base64url').toString('utf8')) as unknown[];
    if (!Number.isSafeInteger(id) || typeof art !== 'string') return null;
    const herkunft: Herkunft = art.endsWith(VORSCHAU)
      ? { vorschau: id as number }
      : { versandId: id as number };
    const kern = art.endsWith(VORSCHAU) ? art.slice(0, -VORSCHAU.length) : art;
    if (kern === ART.abmelden) return { zweck: 'abmelden', ...herkunft };
    if (kern === ART.klick && typeof url === 'string' && /^https?:\/\//i.test(url))
      return { zweck: 'klick', url, ...herkunft };
  } catch {
    // not JSON: not ours
  }
  return null;
}

/**
 * The HTML with every http(s) link target replaced by `ersetze(url)`; other targets (mailto:,
 * anchors) and those `ersetze` answers null for stay.
 */
export function linksErsetzen(html: string, ersetze: (url: string) => string | null): string {
  return html.replace(
    /(<a\b[^>]*?\bhref=)(["'])(https?:\/\/[^"']+)\2/gi,
    (ganz, vorne: string, q: string, url: string) => {
      const echt = url.replace(/&amp;/g, '&');
      const neu = ersetze(echt);
      return neu === null ? ganz : `${vorne}${q}${neu}${q}`;
    },
  );
}
