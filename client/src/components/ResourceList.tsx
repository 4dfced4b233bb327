/**
 * The generic list screen of spec 000 §2 and §9: search (toolbar), time filter, paging, sorting,
 * CSV export, row actions and refresh timer; its state is saved per user, resource and route.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Spinner,
  Tooltip,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { navigate } from '../app/router';
import { useUser } from '../app/session';
import { api, resourcePath, type Query } from '../lib/api';
import { exportCsv } from '../lib/csv';
import { confirm } from '../lib/dialogs';
import { isUnknownResource, errorMessage, reportError } from '../lib/errors';
import { invalidateResource, useResourceList } from '../lib/hooks';
import { DEFAULT_PAGE_SIZE, pageCount, parsePageInput, parsePageSize } from '../lib/paging';
import {
  defaultTimeFilter,
  isTimeFilter,
  timeFilterOptions,
  timeFilterWhere,
  type TimeFilter,
} from '../lib/time-filter';
import { useToolbarSearch } from '../lib/toolbar-search';
import {
  loadTableState,
  onTableStatesReset,
  saveTableState,
  tableStateKey,
  type TableState,
} from '../lib/user-storage';
import { matchesCondition } from '../../../common/resource-meta';
import { listColumns, useMeta } from '../resources/meta';
import type { ColumnDef, ResourceConfig, Row } from '../resources/types';
import { loadNamed, nameReferences, referencedIds, withReferences } from '../resources/references';
import { cellText, csvRow, readPath } from '../resources/values';
import { Amount } from './inputs/Amount';

export const DEFAULT_REFRESH_MS = 10000;

function combineWhere(...parts: (Query | undefined)[]): Query | undefined {
  const present = parts.filter((part): part is Query => part !== undefined && Object.keys(part).length > 0);
  if (present.length <= 1) return present[0];
  return { $and: present };
}

function Cell({ row, column }: { row: Row; column: ColumnDef }) {
  if (column.cell) return column.cell(row);
  const value = readPath(row, column.field);
  if (column.type === 'boolean') return value ? <Icon icon="tick" aria-label="ja" /> : null;
  if (column.type === 'amount') return <Amount value={value as number | null} />;
  return <>{cellText(row, column)}</>;
}

/** The page's rows with the records their keys into other contexts name (references.ts). */
function useNamedReferences(rows: Row[], columns: ColumnDef[]): Row[] {
  const wanted = useMemo(() => referencedIds(rows, columns), [rows, columns]);
  const key = wanted.size ? `references:${JSON.stringify([...wanted])}` : null;
  const { data: named } = useSWR(key, () => loadNamed(wanted), { keepPreviousData: true });
  return useMemo(() => (named ? nameReferences(rows, columns, named) : rows), [rows, columns, named]);
}

/** An input that commits on Enter or when left, so that half-typed numbers do not jump around. */
function CommitInput({
  value,
  onCommit,
  label,
}: {
  value: number;
  onCommit(text: string): void;
  label: string;
}) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null) onCommit(text);
    setText(null);
  };
  return (
    <InputGroup
      small
      aria-label={label}
      className="list-number-input"
      value={text ?? String(value)}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function ResourceList({ config }: { config: ResourceConfig }) {
  const user = useUser();
  // One instant per mount keeps relative filters (and so the request key) stable between refreshes.
  const now = useMemo(() => new Date(), []);
  const stateKey = tableStateKey(user.id, config.resource, config.path);
  const defaults = useMemo<TableState>(
    () => ({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      // Newest first unless the resource says otherwise.
      sort: config.defaultSort ?? { field: 'id', dir: 'DESC' },
      search: '',
      filter: defaultTimeFilter(config.timeDefault, now),
    }),
    [config, now],
  );
  const [state, setState] = useState<TableState>(() => {
    const saved = loadTableState(stateKey, defaults);
    return isTimeFilter(saved.filter) ? saved : { ...saved, filter: defaults.filter };
  });
  useEffect(() => onTableStatesReset(() => setState(defaults)), [defaults]);
  const update = useCallback((patch: Partial<TableState>) => setState((s) => ({ ...s, ...patch })), []);
  useEffect(() => saveTableState(stateKey, state), [stateKey, state]);

  const setSearch = useCallback((search: string) => update({ search, page: 1 }), [update]);
  useToolbarSearch(state.search, setSearch);

  const { data: meta, error: metaError } = useMeta(config.resource);
  const list = useMemo(() => (meta ? listColumns(meta, config) : undefined), [meta, config]);

  const baseQuery = useMemo<Query>(() => {
    const { where, ...rest } = list?.query ?? {};
    return {
      ...rest,
      where: combineWhere(
        where as Query | undefined,
        timeFilterWhere(config.timeField ?? 'createdAt', state.filter as TimeFilter, now),
      ),
      order: state.sort ? [[state.sort.field, state.sort.dir]] : undefined,
      search: state.search || undefined,
    };
  }, [list, config.timeField, state.filter, state.sort, state.search, now]);

  const [failed, setFailed] = useState(false);
  const {
    data,
    error: listError,
    isLoading,
    mutate,
  } = useResourceList<Row>(
    list ? config.resource : null,
    { ...baseQuery, limit: state.pageSize, offset: (state.page - 1) * state.pageSize },
    {
      refreshInterval: failed ? 0 : (config.refreshInterval ?? DEFAULT_REFRESH_MS),
      onError: (err) => {
        setFailed(true);
        if (!isUnknownResource(err)) reportError(err);
      },
      onSuccess: () => setFailed(false),
    },
  );
  const pageRows = useMemo(() => data?.rows ?? [], [data]);
  const columns = useMemo(() => list?.columns ?? [], [list]);
  const rows = useNamedReferences(pageRows, columns);
  const total = data?.count ?? 0;
  const pages = pageCount(total, state.pageSize);

  useEffect(() => {
    // A delete or a narrower filter can leave the page beyond the end.
    if (data && state.page > pages) update({ page: pages });
  }, [data, pages, state.page, update]);

  const error = metaError ?? listError;
  const canCreate = Boolean(meta?.operations.create) && !config.noCreate;
  const canDelete = (row: Row) =>
    Boolean(meta?.operations.delete) && (!meta?.deletableWhen || matchesCondition(row, meta.deletableWhen));
  const options = useMemo(() => timeFilterOptions(now), [now]);

  const sortField = (column: ColumnDef) => column.sortField ?? column.field;
  const toggleSort = (column: ColumnDef) => {
    const field = sortField(column);
    const dir = state.sort?.field === field && state.sort.dir === 'ASC' ? 'DESC' : 'ASC';
    update({ sort: { field, dir }, page: 1 });
  };

  const copyRow = async (id: number) => {
    if (await confirm(`Wollen Sie den Eintrag ${id} kopieren?`, { confirmText: 'Kopieren' })) {
      navigate(`${config.path}/${id}?option=copy`);
    }
  };

  const deleteRow = async (id: number) => {
    const sure = await confirm(`Sind Sie sicher, dass Sie den Eintrag ${id} löschen möchten?`, {
      confirmText: 'Löschen',
      danger: true,
    });
    if (!sure) return;
    try {
      await api.delete(resourcePath(config.resource, id));
    } catch (err) {
      reportError(err);
    }
    invalidateResource(config.resource);
  };

  const [exporting, setExporting] = useState(false);
  const exportList = async () => {
    setExporting(true);
    try {
      const all = await api.get<Row[]>(resourcePath(config.resource), baseQuery);
      const named = await withReferences(all, columns);
      await exportCsv(
        named.map((row) => csvRow(row, columns)),
        config.label,
      );
    } catch (err) {
      reportError(err);
    } finally {
      setExporting(false);
    }
  };

  const emptyText = isLoading && !data ? 'Daten werden geladen' : 'keine Daten vorhanden';

  return (
    <div className="resource-list" data-resource={config.resource}>
      {error && (
        <Callout
          intent={isUnknownResource(error) ? Intent.PRIMARY : Intent.DANGER}
          title={isUnknownResource(error) ? 'Diese Liste ist noch nicht verfügbar' : 'Fehler beim Laden'}
          className="list-notice"
        >
          {isUnknownResource(error)
            ? `Der Server bietet die Ressource „${config.resource}“ noch nicht an. Sobald sie eingerichtet ist, erscheinen hier ihre Einträge.`
            : errorMessage(error)}
        </Callout>
      )}
      <div className="list-bar">
        {canCreate && (
          <Button
            intent={Intent.PRIMARY}
            icon="plus"
            text="Neu"
            onClick={() => navigate(`${config.path}/new`)}
          />
        )}
        <HTMLSelect
          aria-label="Zeitraum"
          value={state.filter}
          onChange={(e) => update({ filter: e.target.value, page: 1 })}
          options={options}
        />
        <span className="list-count">{data ? `${total} ${total === 1 ? 'Eintrag' : 'Einträge'}` : ''}</span>
        <span className="spacer" />
        <Tooltip content="Aktualisieren">
          <Button icon="refresh" variant="minimal" aria-label="Aktualisieren" onClick={() => void mutate()} />
        </Tooltip>
        {config.listActions?.({ where: baseQuery.where, search: baseQuery.search as string | undefined })}
        <Button icon="export" text="CSV-Export" loading={exporting} onClick={() => void exportList()} />
      </div>
      <div className="list-scroll">
        <HTMLTable compact striped interactive className="list-table">
          <thead>
            <tr>
              {columns.map((column) => {
                const sortable = column.sortable ?? !sortField(column).includes('.');
                const sorted = state.sort?.field === sortField(column) ? state.sort.dir : undefined;
                return (
                  <th
                    key={column.field}
                    className={sortable ? 'sortable' : undefined}
                    onClick={sortable ? () => toggleSort(column) : undefined}
                    aria-sort={sorted === 'ASC' ? 'ascending' : sorted === 'DESC' ? 'descending' : undefined}
                  >
                    {column.label}
                    {sorted && <Icon icon={sorted === 'ASC' ? 'caret-up' : 'caret-down'} size={14} />}
                  </th>
                );
              })}
              <th className="actions" />
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="list-empty">
                  {isLoading && !data && <Spinner size={16} />} {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} onDoubleClick={() => navigate(`${config.path}/${row.id}`)}>
                  {columns.map((column) => (
                    <td key={column.field}>
                      <Cell row={row} column={column} />
                    </td>
                  ))}
                  <td className="actions">
                    <ButtonGroup variant="minimal">
                      <Button
                        icon="edit"
                        aria-label="Bearbeiten"
                        title="Bearbeiten"
                        onClick={() => navigate(`${config.path}/${row.id}`)}
                      />
                      {config.rowActions?.(row)}
                      {canCreate && !config.noCopy && (
                        <Button
                          icon="duplicate"
                          aria-label="Kopieren"
                          title="Kopieren"
                          onClick={() => void copyRow(row.id as number)}
                        />
                      )}
                      {canDelete(row) && (
                        <Button
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label="Löschen"
                          title="Löschen"
                          onClick={() => void deleteRow(row.id as number)}
                        />
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </HTMLTable>
      </div>
      <div className="list-pager">
        <Button
          icon="chevron-backward"
          variant="minimal"
          aria-label="Erste Seite"
          disabled={state.page <= 1}
          onClick={() => update({ page: 1 })}
        />
        <Button
          icon="chevron-left"
          variant="minimal"
          aria-label="Vorherige Seite"
          disabled={state.page <= 1}
          onClick={() => update({ page: state.page - 1 })}
        />
        <span>Seite</span>
        <CommitInput
          label="Seite"
          value={state.page}
          onCommit={(text) => update({ page: parsePageInput(text, pages, state.page) })}
        />
        <span>von {pages}</span>
        <Button
          icon="chevron-right"
          variant="minimal"
          aria-label="Nächste Seite"
          disabled={state.page >= pages}
          onClick={() => update({ page: state.page + 1 })}
        />
        <Button
          icon="chevron-forward"
          variant="minimal"
          aria-label="Letzte Seite"
          disabled={state.page >= pages}
          onClick={() => update({ page: pages })}
        />
        <span className="spacer" />
        <span>Zeilen pro Seite</span>
        <CommitInput
          label="Zeilen pro Seite"
          value={state.pageSize}
          onCommit={(text) => update({ pageSize: parsePageSize(text, state.pageSize), page: 1 })}
        />
      </div>
    </div>
  );
}
