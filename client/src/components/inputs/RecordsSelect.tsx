/** Picks several records of a resource (a to-many association such as Storno_Options), searched as you type. */
import { MultiSelect } from '@blueprintjs/select';
import { useState } from 'react';
import { resourcePath } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';
import { candidateQuery, noResults, recordItem } from './RecordSelect';

export interface RecordsSelectProps {
  resource: string;
  value: number[] | null | undefined;
  onChange(ids: number[]): void;
  label(row: Row): string;
  searchFields?: string[];
  disabled?: boolean;
  id?: string;
}

export function RecordsSelect({
  resource,
  value,
  onChange,
  label,
  searchFields,
  disabled,
  id,
}: RecordsSelectProps) {
  const ids = value ?? [];
  const [search, setSearch] = useState('');
  const { data: candidates = [], isLoading } = useApi<Row[]>(
    resourcePath(resource),
    candidateQuery(search, undefined, searchFields),
  );
  const { data: selected = [] } = useApi<Row[]>(ids.length ? resourcePath(resource) : null, {
    where: { id: ids },
  });
  const chosen = ids.map((wanted) => selected.find((row) => row.id === wanted) ?? { id: wanted });
  const toggle = (row: Row) =>
    onChange(ids.includes(row.id!) ? ids.filter((x) => x !== row.id) : [...ids, row.id!]);
  return (
    <MultiSelect<Row>
      fill
      disabled={disabled}
      items={candidates}
      selectedItems={chosen}
      query={search}
      onQueryChange={setSearch}
      itemsEqual={(a, b) => a.id === b.id}
      onItemSelect={toggle}
      onRemove={(row) => onChange(ids.filter((x) => x !== row.id))}
      tagRenderer={(row) =>
        row.id !== undefined && Object.keys(row).length === 1 ? `#${row.id}` : label(row)
      }
      itemRenderer={recordItem(label, (row) => ids.includes(row.id!))}
      noResults={noResults(isLoading)}
      placeholder="Suchen…"
      tagInputProps={{ inputProps: { id } }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      resetOnSelect
    />
  );
}
