/** A read-only table of the records linked to a user (e-mails, addresses, accounts, employees). */
import { HTMLTable, Spinner } from '@blueprintjs/core';
import { resourcePath, type Query } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { ColumnDef, Row } from '../../resources/types';
import { cellText } from '../../resources/values';

export function RelatedTable({
  resource,
  query,
  columns,
}: {
  resource: string;
  query: Query;
  columns: ColumnDef[];
}) {
  const { data, isLoading } = useApi<Row[]>(resourcePath(resource), query);
  return (
    <HTMLTable compact striped className="related-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.field}>{c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {!data?.length ? (
          <tr>
            <td colSpan={columns.length} className="list-empty">
              {isLoading ? <Spinner size={16} /> : 'keine Daten vorhanden'}
            </td>
          </tr>
        ) : (
          data.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.field}>{cellText(row, c)}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}
