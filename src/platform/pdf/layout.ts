/**
 * The text layout of `.hbs` templates: after handlebars has filled it, each line is one of a few
 * forms, so that staff can write letters and lists without knowing PDF coordinates.
 *
 *   ---                    front matter (first lines only), `key: value` per line:
 *   briefkopf: datei.pdf     letterhead PDF drawn under every page (its first page)
 *   rand: 150 56 60 56       margins top right bottom left in pt (defaults 60 56 60 56)
 *   seitenzahlen: ja         „Seite n von m“ at the foot of each page
 *   fusszeile: Text          a line of the footer under every page, small and centred (the key may
 *                            repeat: one line each, top to bottom; an empty one is left out)
 *   ---
 *   # Titel                a heading; ## a smaller one
 *   **fett**               a line in bold
 *   >> rechts              a right-aligned line (date, place)
 *   |= 10 | 50 | 40        column widths in percent for the table rows that follow
 *   || Kopf | Kopf         a table's head row (bold, repeated on every new page)
 *   | Zelle | Zelle        a table row
 *   ===                    a page break (a new letter of a Serienbrief)
 *   (empty line)           space between paragraphs
 *   anything else          a paragraph line, wrapped at the right margin
 */
export type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'text'; text: string; bold: boolean; align: 'left' | 'right' }
  | { kind: 'row'; cells: string[]; head: boolean; widths: number[] | null }
  | { kind: 'space' }
  | { kind: 'break' };

export interface LayoutOptions {
  letterhead: string | null;
  /** Top, right, bottom, left in pt. */
  margins: [number, number, number, number];
  pageNumbers: boolean;
  /** The footer's lines, top to bottom, drawn in the bottom margin of every page. */
  footer: string[];
}

export interface Layout {
  options: LayoutOptions;
  blocks: Block[];
}

const DEFAULT_MARGINS: LayoutOptions['margins'] = [60, 56, 60, 56];

const cells = (line: string, marker: string) =>
  line
    .slice(marker.length)
    .replace(/\|\s*$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The `key: value` lines of a front matter, keys in lower case, in their order. */
const optionLines = (lines: string[]): [string, string][] =>
  lines
    .map((line) => /^\s*([\w-]+)\s*:\s*(.*?)\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1].toLowerCase(), match[2]]);

function parseOptions(lines: string[]): LayoutOptions {
  const entries = new Map(optionLines(lines));
  const rand = (entries.get('rand') ?? '').split(/\s+/).map(Number);
  return {
    letterhead: entries.get('briefkopf') || null,
    margins:
      rand.length === 4 && rand.every((n) => Number.isFinite(n) && n >= 0)
        ? (rand as LayoutOptions['margins'])
        : DEFAULT_MARGINS,
    pageNumbers: /^(ja|true|1)$/i.test(entries.get('seitenzahlen') ?? ''),
    footer: optionLines(lines)
      .filter(([key, value]) => key === 'fusszeile' && value !== '')
      .map(([, value]) => value),
  };
}

/** The front matter of a layout template, before handlebars fills it (the letterhead to load). */
export function splitFrontMatter(source: string): { front: string[]; body: string } {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') return { front: [], body: source };
  const end = lines.indexOf('---', 1);
  if (end < 0) return { front: [], body: source };
  return { front: lines.slice(1, end), body: lines.slice(end + 1).join('\n') };
}

/** The blocks of a filled layout. */
export function parseLayout(filled: string): Layout {
  const { front, body } = splitFrontMatter(filled);
  const blocks: Block[] = [];
  let widths: number[] | null = null;
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (trimmed === '') {
      // Consecutive empty lines (left by handlebars blocks) make one space.
      if (blocks.length > 0 && blocks[blocks.length - 1].kind !== 'space') blocks.push({ kind: 'space' });
    } else if (trimmed === '===') blocks.push({ kind: 'break' });
    else if (trimmed.startsWith('|=')) widths = cells(trimmed, '|=').map(Number);
    else if (trimmed.startsWith('|')) {
      const head = trimmed.startsWith('||');
      const row = cells(trimmed, head ? '||' : '|');
      // An empty last cell loses its pipe to trimming: the widths tell how many columns there are.
      while (widths && row.length < widths.length) row.push('');
      blocks.push({ kind: 'row', cells: row, head, widths });
    } else if (trimmed.startsWith('## '))
      blocks.push({ kind: 'heading', level: 2, text: trimmed.slice(3).trim() });
    else if (trimmed.startsWith('# '))
      blocks.push({ kind: 'heading', level: 1, text: trimmed.slice(2).trim() });
    else if (trimmed.startsWith('>>'))
      blocks.push({ kind: 'text', text: trimmed.slice(2).trim(), bold: false, align: 'right' });
    else if (/^\*\*.*\*\*$/.test(trimmed) && trimmed.length > 4)
      blocks.push({ kind: 'text', text: trimmed.slice(2, -2), bold: true, align: 'left' });
    else blocks.push({ kind: 'text', text: line, bold: false, align: 'left' });
  }
  return { options: parseOptions(front), blocks };
}

/**
 * Where a word longer than its line may be cut, as a position in it: before '@' and '.', after '-',
 * '_' and '/', so that an e-mail address or a link breaks into readable parts
 * (`max.mustermann` / `@kanzlei.de`). The last such point in the `fit` characters that fit, else `fit`.
 */
function schnitt(word: string, fit: number): number {
  for (let i = fit; i > 1; i--) {
    if (word[i] === '@' || word[i] === '.' || '-_/'.includes(word[i - 1])) return i;
  }
  return fit;
}

/**
 * Splits a text into lines no wider than `width`, by words; a word longer than a line is cut, at
 * a separator where it has one (`schnitt`). `measure` gives a text's width in the font at hand.
 */
export function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (measure(rest) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
      cut = schnitt(rest, cut);
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
