/** The save rules of a news item (spec 002 §3, §5): safe HTML, and no link title without a link. */
import { newsLinkFolgt } from '../../../common/newsletter';

type Row = Record<string, unknown>;

/** The data as stored: description and content made safe; the link title gone without a link. */
export function newsDaten(data: Row, sicher: (html: string) => string): Row {
  const neu: Row = { ...data };
  for (const feld of ['description', 'content'])
    if (typeof data[feld] === 'string') neu[feld] = sicher(data[feld] as string);
  return newsLinkFolgt(neu);
}
