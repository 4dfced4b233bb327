/**
 * A table of the records linked to a user (e-mails, addresses, accounts, employees), with a bar
 * above it and actions per row; a double click opens a row like its first action.
 */
import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { resourcePath, type Query } from '../lib/api';
import { useApi } from '../lib/hooks';
import { inVocabulary } from '../resources/meta';
import type { ColumnDef, Row } from '../resources/types';
import { cellText } from '../resources/values';

export interface RelatedTableProps {
  resource: string;
  query: Query;
  columns: ColumnDef[];
  /** Buttons above the table (e.g. 'Neu'). */
  bar?: ReactNode;
  actions?(row: Row): ReactNode;
  onOpen?(row: Row): void;
}

export function RelatedTable({ resource, query, columns: given, bar, actions, onOpen }: RelatedTableProps) {
  const { data, isLoading } = useApi<Row[]>(resourcePath(resource), query);
  const columns = useMemo(() => inVocabulary(resource, given), [resource, given]);
  return (
    <div className="related" data-resource={resource}>
      {bar && <div className="related-bar">{bar}</div>}
      <HTMLTable compact striped interactive={Boolean(onOpen)} className="related-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} className={c.type === 'amount' ? 'amount' : undefined}>
                {c.label}
              </th>
            ))}
            {actions && <th className="actions" />}
          </tr>
        </thead>
        <tbody>
          {!data?.length ? (
            <tr>
              <td colSpan={columns.length + (actions ? 1 : 0)} className="list-empty">
                {isLoading ? <Spinner size={16} /> : 'keine Daten vorhanden'}
              </td>
            </tr>
          ) : (
            data.map((row) => (
              <tr key={row.id} onDoubleClick={onOpen && (() => onOpen(row))}>
                {columns.map((c) => (
                  <td key={c.field} className={c.type === 'amount' ? 'amount' : undefined}>
                    {cellText(row, c)}
                  </td>
                ))}
                {actions && <td className="actions">{actions(row)}</td>}
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
