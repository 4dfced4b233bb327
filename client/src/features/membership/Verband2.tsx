/**
 * Verband 2 (the academy) adds to the user window (spec 000 §2, §4, §6): the read-only salary
 * survey link and password, and the TalentLMS id with registration.
 */
import { Button, FormGroup, H6, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { EditRecord } from '../../components/EditFrame';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import type { Benutzer, TabProps } from './typen';
import { registriereTlmsBenutzer } from './api';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function Verband2Felder({ record, change, edit }: TabProps & { edit: EditRecord<Benutzer> }) {
  const [editing, setEditing] = useState(false);
  const data = (record.data ?? {}) as Record<string, unknown>;
  const tlmsId = text(data.tlms_user_id);

  const registrieren = async () => {
    const sure = await confirm(
      'Wollen Sie den Benutzer bei TalentLMS registrieren? Alle aktuellen Änderungen werden vorher gespeichert.',
      { confirmText: 'Registrieren' },
    );
    // Registration works on the saved user, so the open changes go first.
    if (!sure || !(await edit.save(false))) return;
    try {
      const result = await registriereTlmsBenutzer(record.id as number);
      showToast(`Bei TalentLMS registriert: ID ${text(result.id)}, Login ${text(result.login)}`);
      await edit.reload();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <div className="verband-2">
      <H6>Gehaltsumfrage</H6>
      <FormGroup label="Link zur Gehaltsumfrage" labelFor="field-gehaltsumfrage_link">
        <InputGroup id="field-gehaltsumfrage_link" readOnly value={text(data.gehaltsumfrage_link)} />
      </FormGroup>
      <FormGroup label="Passwort der Gehaltsumfrage" labelFor="field-gehaltsumfrage_passwort">
        <InputGroup id="field-gehaltsumfrage_passwort" readOnly value={text(data.gehaltsumfrage_passwort)} />
      </FormGroup>
      <H6>TalentLMS</H6>
      <FormGroup label="TalentLMS-ID" labelFor="field-tlms_user_id">
        <InputGroup
          id="field-tlms_user_id"
          readOnly={!editing}
          value={tlmsId}
          onChange={(e) => change({ data: { ...data, tlms_user_id: e.target.value || null } })}
          rightElement={
            <Button
              variant="minimal"
              icon={editing ? 'lock' : 'edit'}
              aria-label="TalentLMS-ID bearbeiten"
              title="TalentLMS-ID bearbeiten"
              active={editing}
              onClick={() => setEditing(!editing)}
            />
          }
        />
      </FormGroup>
      {!tlmsId && (
        <Button
          icon="new-person"
          intent={Intent.PRIMARY}
          text="Bei TalentLMS registrieren"
          onClick={() => void registrieren()}
        />
      )}
    </div>
  );
}
