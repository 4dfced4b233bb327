/**
 * The TalentLMS course of a seminar or event (verband 2, spec 001 §5–§8): its id, editable only
 * after pressing edit, and the creation of a course, which needs a saved record.
 */
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { tlmsUngespeichert } from '../../../../common/seminar';
import { fieldLabel } from '../../../../common/vocabulary';
import type { EditRecord } from '../../components/EditFrame';
import { reportError } from '../../lib/errors';
import { ERROR_TOAST_MS, showToast } from '../../lib/toaster';
import type { Row } from '../../resources/types';
import { erstelleTlmsKurs } from './api';

const FELD = 'data.tlms_course_id';

export function TlmsKurs({
  art,
  edit,
  change,
}: {
  art: 'veranstaltung' | 'veranstaltung-event';
  edit: EditRecord<Row>;
  change(patch: Row): void;
}) {
  const [bearbeiten, setBearbeiten] = useState(false);
  const data = (edit.record.data ?? {}) as Row;
  const kursId =
    data.tlms_course_id === undefined || data.tlms_course_id === null ? '' : String(data.tlms_course_id);

  const erstellen = async () => {
    if (edit.isNew) {
      showToast(tlmsUngespeichert(art), Intent.DANGER, ERROR_TOAST_MS);
      return;
    }
    // The course id is stored with the record: open changes go first, then the window reloads.
    if (!(await edit.save(false))) return;
    try {
      const kurs = await erstelleTlmsKurs(art, edit.record.id as number);
      showToast(`TalentLMS-Kurs (ID: ${kurs.id}) wurde erfolgreich erstellt`);
      await edit.reload();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <FormGroup label={fieldLabel(art, FELD)} labelFor="field-data.tlms_course_id" className="tlms-kurs">
      <div className="tlms-zeile">
        <InputGroup
          id="field-data.tlms_course_id"
          readOnly={!bearbeiten}
          value={kursId}
          onChange={(e) => change({ [FELD]: e.target.value || null })}
          rightElement={
            <Button
              variant="minimal"
              icon={bearbeiten ? 'lock' : 'edit'}
              aria-label="TalentLMS-Kurs-ID bearbeiten"
              title="TalentLMS-Kurs-ID bearbeiten"
              active={bearbeiten}
              onClick={() => setBearbeiten(!bearbeiten)}
            />
          }
        />
        <Button
          icon="add"
          text="TalentLMS-Kurs erstellen"
          disabled={Boolean(kursId)}
          onClick={() => void erstellen()}
        />
      </div>
    </FormGroup>
  );
}
