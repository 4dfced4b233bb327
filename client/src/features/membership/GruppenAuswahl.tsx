/**
 * The Gruppen tab of the user and e-mail windows: the groups of the matching zuordnung as
 * checkboxes; the ids are saved as `Benutzer_Gruppes`, which replaces the record's links.
 */
import { Checkbox, HTMLTable, Spinner } from '@blueprintjs/core';
import { enumLabel } from '../../../../common/vocabulary';
import { useGruppen } from './api';
import type { Row } from '../../resources/types';

/** The loaded links are group records; after a change they are plain ids. */
export function gruppenIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.map(
    (item: unknown) => (typeof item === 'object' && item !== null ? (item as Row).id : item) as number,
  );
}

/** Loads a record with its group ids (include of DESIGN.md §3). */
export const MIT_GRUPPEN = { include: [{ association: 'Benutzer_Gruppes', attributes: ['id'] }] };

export function GruppenAuswahl({
  zuordnung,
  value,
  onChange,
}: {
  /** User groups ('benutzer') or e-mail groups ('email'); 'alle' belong to both. */
  zuordnung: 'benutzer' | 'email';
  value: unknown;
  onChange(ids: number[]): void;
}) {
  const { data: gruppen, isLoading } = useGruppen(zuordnung);
  const selected = new Set(gruppenIds(value));
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : [...selected].filter((other) => other !== id));
  if (isLoading) return <Spinner size={20} />;
  return (
    <HTMLTable compact striped className="related-table gruppen-auswahl">
      <thead>
        <tr>
          <th>Mitglied</th>
          <th>Name</th>
          <th>Typ</th>
          <th>Zuordnung</th>
        </tr>
      </thead>
      <tbody>
        {(gruppen ?? []).map((gruppe) => (
          <tr key={gruppe.id}>
            <td>
              <Checkbox
                aria-label={String(gruppe.name)}
                checked={selected.has(gruppe.id as number)}
                onChange={(e) => toggle(gruppe.id as number, e.currentTarget.checked)}
              />
            </td>
            <td>{String(gruppe.name)}</td>
            <td>{enumLabel('benutzer-gruppe', 'typ', String(gruppe.typ ?? ''))}</td>
            <td>{enumLabel('benutzer-gruppe', 'zuordnung', String(gruppe.zuordnung))}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
