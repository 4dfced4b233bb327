/** Picks a record of a resource by typing (server search), e.g. the parent of a user. */
import { Button, MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
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
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

const CANDIDATES = 20;

export function RecordSelect({
  resource,
  value,
  onChange,
  label,
  query,
  placeholder,
  disabled,
  id,
}: RecordSelectProps) {
  const [search, setSearch] = useState('');
  const { data: candidates = [] } = useApi<Row[]>(resourcePath(resource), {
    ...query,
    search: search || undefined,
    limit: CANDIDATES,
  });
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
      itemRenderer={(row, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={row.id}
            text={label(row)}
            active={modifiers.active}
            onClick={handleClick}
            onFocus={handleFocus}
            roleStructure="listoption"
          />
        ) : null
      }
      noResults={<MenuItem disabled text="keine Daten vorhanden" roleStructure="listoption" />}
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
