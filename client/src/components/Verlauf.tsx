/**
 * The "Verlauf" of a record (issue 17): who changed what when, newest first, from the read-only
 * resource `audit`. Loaded only when shown (an opened panel, a selected tab), so an edit window
 * costs no extra request for it.
 */
import { HTMLTable, NonIdealState, Section, SectionCard, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabel } from '../../../common/vocabulary';
import { errorMessage } from '../lib/errors';
import { formatDateValue } from '../lib/format';
import { useResourceList } from '../lib/hooks';
import { changeLines, type AuditChanges } from './verlauf-text';

interface AuditRow {
  id: number;
  createdAt: string;
  user_name: string | null;
  action: string;
  changes: AuditChanges | null;
}

/** The newest entries the panel shows; older ones stay readable through the audit resource. */
const LIMIT = 100;

/** The entries as a table: the Verlauf tab of rich windows, the inside of the collapsible panel. */
export function VerlaufTabelle({ resource, id }: { resource: string; id: number }) {
  const { data, error } = useResourceList<AuditRow>('audit', {
    where: { resource, record_id: id },
    order: [['id', 'DESC']],
    limit: LIMIT,
  });
  if (error) return <NonIdealState icon="error" description={errorMessage(error)} />;
  if (!data) return <Spinner size={20} aria-label="Verlauf wird geladen" />;
  if (data.rows.length === 0)
    return <NonIdealState icon="history" description="Noch keine Änderungen erfasst." />;
  return (
    <HTMLTable compact striped className="verlauf">
      <thead>
        <tr>
          <th>Zeitpunkt</th>
          <th>Mitarbeiter</th>
          <th>Aktion</th>
          <th>Änderungen</th>
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row) => (
          <tr key={row.id}>
            <td>{formatDateValue(row.createdAt)}</td>
            <td>{row.user_name ?? 'System'}</td>
            <td>{enumLabel('audit', 'action', row.action)}</td>
            <td>
              {changeLines(resource, row.changes).map((line, index) => (
                <div key={index}>{line}</div>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
      {data.count > LIMIT && (
        <tfoot>
          <tr>
            <td colSpan={4}>
              Die neuesten {LIMIT} von {data.count} Einträgen.
            </td>
          </tr>
        </tfoot>
      )}
    </HTMLTable>
  );
}

/** The collapsible panel under the fields of the generic edit window. */
export function Verlauf({ resource, id }: { resource: string; id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Section
      title="Verlauf"
      icon="history"
      compact
      collapsible
      collapseProps={{ isOpen: open, onToggle: () => setOpen((value) => !value) }}
      className="verlauf-section"
    >
      <SectionCard>{open && <VerlaufTabelle resource={resource} id={id} />}</SectionCard>
    </Section>
  );
}
