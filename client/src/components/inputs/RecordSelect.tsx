/**
 * Picks a record of a resource by typing, e.g. a Seminar-Typ by bezeichnung or a Benutzer by
 * anzeigename and kennnummer. Candidates load from the server as you type: with `searchFields`
 * through `$like` on those fields, otherwise through the resource's search.
 */
import { Button, MenuItem } from '@blueprintjs/core';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import { useState } from 'react';
import { resourcePath, type Query } from '../../lib/api';
import { useApi } from '../../lib/hooks';
import type { Row } from '../../resources/types';

export interface RecordSelectProps {
  resource: string;
  value: number | null | undefined;
  onChange(id: number | null): void;
  label(row: Row): string;
  /** Extra query (where, order, attributes) for the candidates. */
  query?: Query;
  /** Fields the typed text is looked for in (`$like`, case-insensitive). */
  searchFields?: string[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

const CANDIDATES = 20;

/** `%text%` for `$like`, with the server's escape character '!' before its wildcards. */
const contains = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The candidate query for the typed text. */
export function candidateQuery(
  text: string,
  query: Query | undefined,
  searchFields: string[] | undefined,
): Query {
  const typed = text.trim();
  if (!typed) return { ...query, limit: CANDIDATES };
  if (!searchFields?.length) return { ...query, search: typed, limit: CANDIDATES };
  const like = { $or: searchFields.map((field) => ({ [field]: { $like: contains(typed) } })) };
  const where = query?.where ? { $and: [query.where, like] } : like;
  return { ...query, where, limit: CANDIDATES };
}

/** A candidate in the list, named by `label`; `selected` ticks it (multi-select). */
export function recordItem(label: (row: Row) => string, selected?: (row: Row) => boolean): ItemRenderer<Row> {
  return function RecordItem(row, { handleClick, handleFocus, modifiers }) {
    if (!modifiers.matchesPredicate) return null;
    return (
      <MenuItem
        key={row.id}
        text={label(row)}
        active={modifiers.active}
        selected={selected?.(row)}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    );
  };
}

/** Shown while candidates load, and when the typed text finds nothing. */
export const noResults = (isLoading: boolean) => (
  <MenuItem disabled text={isLoading ? 'Daten werden geladen' : 'Keine Treffer'} roleStructure="listoption" />
);

export function RecordSelect({
  resource,
  value,
  onChange,
  label,
  query,
  searchFields,
  placeholder,
  disabled,
  id,
}: RecordSelectProps) {
  const [search, setSearch] = useState('');
  const { data: candidates = [], isLoading } = useApi<Row[]>(
    resourcePath(resource),
    candidateQuery(search, query, searchFields),
  );
  const { data: selected } = useApi<Row>(value ? resourcePath(resource, value) : null);
  const current = selected && selected.id === value ? selected : null;
  return (
    <Suggest<Row>
      fill
      disabled={disabled}
      items={candidates}
      selectedItem={current}
      inputValueRenderer={label}
      query={search}
      onQueryChange={setSearch}
      itemsEqual={(a, b) => a.id === b.id}
      onItemSelect={(row) => {
        onChange(row.id ?? null);
        setSearch('');
      }}
      itemRenderer={recordItem(label)}
      noResults={noResults(isLoading)}
      inputProps={{
        id,
        placeholder: placeholder ?? 'Suchen…',
        rightElement:
          value && !disabled ? (
            <Button
              variant="minimal"
              icon="cross"
              aria-label="Auswahl entfernen"
              onClick={() => onChange(null)}
            />
          ) : undefined,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      resetOnClose
    />
  );
}
