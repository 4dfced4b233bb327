/** The promotions context's own calls beyond the generic resource API (spec 003 §7, issue 12). */
import type { GutscheinBezug } from '../../../../common/gutschein';
import { api, buildUrl, resourcePath } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';

export interface GutscheinSerie {
  num: number;
  typ: string;
  wert: number;
  titel: string | null;
}

/** `POST /node/api/wb-voucher/bulk`: `num` vouchers of one relation with random codes. */
export const gutscheineErstellen = (bezug: GutscheinBezug, serie: GutscheinSerie) =>
  api.post<{ created: number }>(`${resourcePath('wb-voucher')}/bulk`, {
    ...serie,
    relation: bezug.relation ?? 'alle',
    relation_id: bezug.relation_id,
  });

/** A plain GET link: the codes of one relation as CSV for printing. */
export const gutscheinExportUrl = (bezug: GutscheinBezug) =>
  buildUrl(`${resourcePath('wb-voucher')}/export`, {
    relation: bezug.relation ?? 'alle',
    ...(bezug.relation_id === null ? {} : { relation_id: bezug.relation_id }),
  });

/** The voucher table's query string for a relation (spec 003 §2). */
export const gutscheinTabelle = (bezug: GutscheinBezug) =>
  bezug.relation_id === null
    ? '/werbung/voucher/table?relation=alle'
    : `/werbung/voucher/table?relation=${bezug.relation}&relation_id=${bezug.relation_id}`;

/** The seminar a voucher table belongs to, for its title. */
export const useSeminar = (id: number | null) =>
  useApi<Row>(id === null ? null : resourcePath('veranstaltung', id), {
    attributes: ['id', 'lg_id', 'titel'],
  });
