/**
 * The e-mail window (spec 000 §2): /benutzer/benutzer/{id}/email/{new|emailId} below a user and
 * /benutzer/email/{id} from the Emails list; tabs Email and Gruppen (e-mail groups).
 */
import { FormGroup } from '@blueprintjs/core';
import { EditFrame, SaveButtons, TabFrame, useEditRecord } from '../../components/EditFrame';
import { Field } from '../../components/FieldForm';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import type { EditProps, Row } from '../../resources/types';
import { benutzerLabel } from './benutzer-felder';
import { GruppenAuswahl, MIT_GRUPPEN } from './GruppenAuswahl';

const EMAIL_FIELD = { name: 'email', label: 'Email' };

export function EmailEdit({ id, benutzerId }: { id: string; benutzerId?: number }) {
  const below = benutzerId === undefined ? undefined : `/benutzer/benutzer/${benutzerId}`;
  const edit = useEditRecord<Row>({
    resource: 'benutzer-email',
    listPath: below ? `${below}/email` : '/benutzer/email',
    closePath: below,
    id,
    defaults: benutzerId === undefined ? {} : { benutzer_id: benutzerId },
    query: MIT_GRUPPEN,
  });
  const { record, change } = edit;
  const tabs = [
    {
      id: 'email',
      title: 'Email',
      panel: (
        <div className="form-columns">
          <section>
            <Field field={EMAIL_FIELD} record={record} onChange={change} error={edit.errors.email} />
            <FormGroup label="Benutzer" labelFor="field-benutzer_id">
              <RecordSelect
                id="field-benutzer_id"
                resource="benutzer"
                value={record.benutzer_id as number | null}
                onChange={(benutzer_id) => change({ benutzer_id })}
                label={benutzerLabel}
                disabled={benutzerId !== undefined}
                query={{ attributes: ['id', 'firma', 'titel', 'vorname', 'nachname'] }}
              />
            </FormGroup>
          </section>
        </div>
      ),
    },
    {
      id: 'gruppen',
      title: 'Gruppen',
      panel: (
        <GruppenAuswahl
          zuordnung="email"
          value={record.Benutzer_Gruppes}
          onChange={(ids) => change({ Benutzer_Gruppes: ids })}
        />
      ),
    },
  ];
  const title = edit.isNew ? 'Neue Email' : `Email ${String(record.email ?? id)}`;
  return (
    <EditFrame
      title={title}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
    >
      <TabFrame tabs={tabs} route={`/benutzer/email/${id}`} />
    </EditFrame>
  );
}

/** The Emails list's edit window. */
export function EmailListEdit({ id }: EditProps) {
  return <EmailEdit id={id} />;
}
