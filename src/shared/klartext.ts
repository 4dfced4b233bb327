/**
 * HTML from the rich-text editors (seminar invitation texts, invoice text blocks) as plain lines
 * for the PDF layout: paragraphs, breaks and list items become lines, tags go, the entities the
 * editors write (numeric ones, umlauts, €, §) become their characters.
 */
const ZEICHEN: Record<string, string> = {
  nbsp: ' ',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  amp: '&',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  euro: '€',
  sect: '§',
};

const zeichen = (entity: string, name: string): string => {
  const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#(\d+)$/.exec(name)?.[1];
  if (code === undefined) return ZEICHEN[name] ?? entity;
  const punkt = Number.parseInt(code, name.startsWith('#x') || name.startsWith('#X') ? 16 : 10);
  return punkt > 0 && punkt <= 0x10ffff ? String.fromCodePoint(punkt) : entity;
};

export const klartext = (html: string): string =>
  html
    .replace(/<\s*(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    // One pass, so that `&amp;lt;` stays the text `&lt;`.
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, zeichen)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
