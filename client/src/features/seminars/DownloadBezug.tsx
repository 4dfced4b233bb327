/**
 * The record a download belongs to, named by its title (spec 000 §3): `relation` says the resource,
 * `relation_id` the record, so no association of the metadata can name it.
 */
import { downloadBezug } from '../../../../common/download';
import { enumLabel } from '../../../../common/vocabulary';
import { resourcePath } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import { displayText, useMeta } from '../../resources/meta';
import type { Row } from '../../resources/types';

/** 'Seminar #9' while the title loads, and for a record that is gone. */
export const bezugOhneTitel = (row: Row) =>
  row.relation_id == null
    ? ''
    : `${row.relation ? enumLabel('download', 'relation', String(row.relation)) : ''} #${String(row.relation_id)}`.trim();

export function DownloadBezugTitel({ row }: { row: Row }) {
  const resource = downloadBezug(row.relation)?.resource ?? null;
  const id = typeof row.relation_id === 'number' ? row.relation_id : null;
  const { data: meta } = useMeta(resource);
  const { data: record } = useApi<Row>(
    resource && id !== null ? resourcePath(resource, id) : null,
    undefined,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  const titel = meta && record ? displayText(meta.display, record) : '';
  return <>{titel || bezugOhneTitel(row)}</>;
}
