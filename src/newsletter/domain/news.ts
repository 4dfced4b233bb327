/** The save rules of a news item (spec 002 §3, §5): safe HTML, and no link title without a link. */
import { farbschemata, newsLinkFolgt } from '../../../common/newsletter';
import { enumLabel } from '../../../common/vocabulary';

type Row = Record<string, unknown>;

/** The data as stored: description and content made safe; the link title gone without a link. */
export function newsDaten(data: Row, sicher: (html: string) => string): Row {
  const neu: Row = { ...data };
  for (const feld of ['description', 'content'])
    if (typeof data[feld] === 'string') neu[feld] = sicher(data[feld] as string);
  return newsLinkFolgt(neu);
}

/**
 * Spec 002 §6 on the server too (issue 31): a news item's colour theme is one of the saving staff
 * member's association; the reason names the allowed ones by their German names, or null when it fits.
 */
export function farbschemaFehler(theme: unknown, verband: number | null | undefined): string | null {
  if (theme === undefined || theme === null || theme === '') return null;
  const erlaubt = farbschemata(verband);
  if (erlaubt.includes(String(theme))) return null;
  return erlaubt.length === 0
    ? 'gibt es für Ihren Verband nicht: bitte keines wählen'
    : `muss eines der Farbschemata Ihres Verbands sein (${erlaubt.map((t) => enumLabel('news', 'data.theme', t)).join(', ')})`;
}
