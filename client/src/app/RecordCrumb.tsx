/** A breadcrumb naming a record by its display fields (e.g. the Benutzer's anzeigename), not by its id. */
import { resourcePath } from '../lib/api';
import { reportUnlessNotFound } from '../lib/errors';
import { useApi } from '../lib/hooks';
import { displayText, useMeta } from '../resources/meta';
import type { ResourceConfig, Row } from '../resources/types';

export function RecordCrumb({ config, id }: { config: ResourceConfig; id: number }) {
  const { data: meta } = useMeta(config.resource);
  const { data: row } = useApi<Row>(
    meta && Number.isSafeInteger(id) ? resourcePath(config.resource, id) : null,
    {
      attributes: ['id', ...(meta?.display ?? []).filter((field) => field !== 'id')],
    },
    // A missing record: its window shows the 404 page, the crumb its id.
    { onError: reportUnlessNotFound },
  );
  if (!row) return <>{id}</>;
  return <>{config.title?.(row) ?? (displayText(meta?.display ?? [], row) || id)}</>;
}
