/**
 * The text/plain alternative of a newsletter (issue 31): what a mail client without HTML, a screen
 * reader or a spam filter reads. Built from the HTML as sent — its links already tracked — so both
 * parts say the same: links as „Text (Adresse)“, paragraphs, rows and list items as lines, the
 * head, styles and scripts left out, entities as characters.
 */
import { klartext } from '../../shared/klartext';

const attribut = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((v) => v !== undefined);

export function mailText(html: string): string {
  const ohneKopf = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  const mitLinks = ohneKopf.replace(
    /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi,
    (_, attribute: string, inhalt: string) => {
      const ziel = attribut(` ${attribute}`, 'href');
      const text = klartext(inhalt).replace(/\s+/g, ' ').trim();
      if (!ziel || !/^https?:/i.test(ziel)) return inhalt;
      const adresse = ziel.replace(/&amp;/g, '&');
      return text && text !== adresse ? `${text} (${adresse})` : adresse;
    },
  );
  const bloecke = mitLinks
    .replace(/<\s*(\/?(div|tr|table|h\d|ul|ol|blockquote)|hr)\b[^>]*>/gi, '\n')
    .replace(/<\s*\/td\s*>/gi, ' ')
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = attribut(tag, 'alt');
      return alt ? `[${alt}]` : '';
    });
  return klartext(bloecke)
    .split('\n')
    .map((zeile) => zeile.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
