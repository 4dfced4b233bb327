/**
 * The Versand-Gruppen and Ausschluss-Gruppen tabs (spec 002 §2, §5): the groups of one list, each
 * to remove; a group is offered for adding only while it is in neither list; the participant
 * group of the newsletter's event or seminar can be added in one step.
 */
import { Button, Callout, FormGroup, HTMLTable } from '@blueprintjs/core';
import { gruppeWaehlbar, teilnehmerGruppenSuche } from '../../../../common/newsletter';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { api, resourcePath } from '../../lib/api';
import { reportError } from '../../lib/errors';
import { useApi } from '../../lib/hooks';
import { showErrorToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';

const GRUPPE = 'benutzer-gruppe';
const gruppenName = (row: Row) => `${String(row.name ?? '')} (${String(row.typ ?? '')})`;

export interface GruppenListeProps {
  /** The ids of this list and of the other one. */
  ids: number[];
  andere: number[];
  onChange(ids: number[]): void;
  /** The newsletter, for the participant-group shortcut (templates have none). */
  newsletter?: Row;
  readOnly?: boolean;
}

export function GruppenListe({ ids, andere, onChange, newsletter, readOnly }: GruppenListeProps) {
  const { data: gruppen = [] } = useApi<Row[]>(ids.length ? resourcePath(GRUPPE) : null, {
    where: { id: ids },
    attributes: ['id', 'name', 'typ'],
  });
  const versand = (id: number) => gruppeWaehlbar(id, ids, andere) && onChange([...ids, id]);
  const suche = newsletter
    ? teilnehmerGruppenSuche({
        veranstaltung_id: newsletter.veranstaltung_id as number | null,
        veranstaltung_event_id: newsletter.veranstaltung_event_id as number | null,
      })
    : null;
  const teilnehmerGruppe = async () => {
    if (!suche) return;
    try {
      const [gruppe] = await api.get<Row[]>(resourcePath(GRUPPE), { where: suche.where, limit: 1 });
      if (!gruppe) showErrorToast(suche.fehler);
      else versand(gruppe.id!);
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <div className="newsletter-gruppen">
      {!readOnly && (
        <div className="newsletter-gruppen-neu">
          <FormGroup label="Gruppe hinzufügen" labelFor="gruppe-neu">
            <RecordSelect
              id="gruppe-neu"
              resource={GRUPPE}
              value={null}
              onChange={(id) => id !== null && versand(id)}
              label={gruppenName}
              searchFields={['name']}
              // Groups already in either list are not offered.
              query={{ where: { id: { $notIn: [...ids, ...andere] } } }}
            />
          </FormGroup>
          {newsletter && (
            <Button icon="people" disabled={!suche} onClick={teilnehmerGruppe}>
              Teilnehmer-Gruppe hinzufügen
            </Button>
          )}
        </div>
      )}
      {ids.length === 0 ? (
        <Callout>Keine Gruppen.</Callout>
      ) : (
        <HTMLTable compact striped className="newsletter-gruppen-tabelle">
          <thead>
            <tr>
              <th>Gruppe</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {ids.map((id) => {
              const gruppe = gruppen.find((row) => row.id === id);
              return (
                <tr key={id}>
                  <td>{gruppe ? gruppenName(gruppe) : `#${id}`}</td>
                  <td>
                    {!readOnly && (
                      <Button
                        variant="minimal"
                        icon="cross"
                        aria-label="Gruppe entfernen"
                        onClick={() => onChange(ids.filter((x) => x !== id))}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
