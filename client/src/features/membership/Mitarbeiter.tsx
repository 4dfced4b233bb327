/**
 * The Mitarbeiter tab (spec 000 §2, §4): the user's employees, a new one through the dialog
 * Benutzer_Mitarbeiter (a new user, or an existing one assigned), and their merge route.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  SegmentedControl,
} from '@blueprintjs/core';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { FieldForm } from '../../components/FieldForm';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { confirm, openDialog, type DialogProps } from '../../lib/dialogs';
import { errorMessage, fieldErrors, reportError } from '../../lib/errors';
import { showToast } from '../../lib/toaster';
import type { FieldDef, Row } from '../../resources/types';
import { BENUTZER_FELDER, benutzerLabel, GENDER_OPTIONS } from './benutzer-felder';
import type { Benutzer } from './typen';
import { applyBenutzerChange } from './benutzer-rules';
import { pruefeZuordnung } from './mitarbeiter-rules';
import { RelatedTable } from '../../components/RelatedTable';
import { ladeMitarbeiterKandidat, legeMitarbeiterAn, setzeArbeitgeber } from './api';

const NEUE_FELDER: FieldDef[] = [
  { name: 'gender', label: BENUTZER_FELDER.gender, type: 'select', options: GENDER_OPTIONS },
  ...['titel', 'vorname', 'nachname', 'anrede', 'tel1'].map((name) => ({
    name,
    label: BENUTZER_FELDER[name],
  })),
  { name: 'freigabe', label: BENUTZER_FELDER.freigabe, type: 'boolean' },
];

const kennLabel = (row: Row) => `${benutzerLabel(row)}${row.kennnummer ? ` (${row.kennnummer})` : ''}`;

type Art = 'neu' | 'vorhanden';

/** The dialog Benutzer_Mitarbeiter (spec 000 §2), named in the membership slice. */
export function MitarbeiterDialog({ arbeitgeber, close }: DialogProps<boolean> & { arbeitgeber: Row }) {
  const [art, setArt] = useState<Art>('neu');
  const [neu, setNeu] = useState<Row>({ aktiviert: true, freigabe: false });
  const [vorhanden, setVorhanden] = useState<number | null>(null);
  const [problem, setProblem] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const arbeitgeberId = arbeitgeber.id as number;

  /** The checks of spec 000 §4 first; false when refused or cancelled. */
  const zuordnen = async (): Promise<boolean> => {
    if (!vorhanden) return false;
    const kandidat = await ladeMitarbeiterKandidat(vorhanden);
    const parent = kandidat.Parent as Row | null;
    const check = pruefeZuordnung(arbeitgeberId, kandidat, parent ? benutzerLabel(parent) : '');
    if ('fehler' in check) {
      setProblem(check.fehler);
      return false;
    }
    if ('warnung' in check && !(await confirm(check.warnung, { confirmText: 'Zuordnen' }))) return false;
    await setzeArbeitgeber(vorhanden, arbeitgeberId);
    return true;
  };

  const anlegen = async () => {
    await legeMitarbeiterAn(neu, arbeitgeberId);
    return true;
  };

  /** The server's refusals (409 for a two-level chain, 400 per field) show in the dialog. */
  const save = async () => {
    setProblem(undefined);
    setErrors({});
    setBusy(true);
    try {
      if (await (art === 'neu' ? anlegen() : zuordnen())) {
        showToast('Mitarbeiter gespeichert');
        close(true);
      }
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title="Neuer Mitarbeiter"
      icon="new-person"
      onClose={() => close(false)}
      style={{ width: 600 }}
    >
      <DialogBody>
        <SegmentedControl
          fill
          className="mitarbeiter-art"
          value={art}
          onValueChange={(value) => {
            setArt(value as Art);
            setProblem(undefined);
          }}
          options={[
            { value: 'neu', label: 'Neuen Benutzer anlegen' },
            { value: 'vorhanden', label: 'Vorhandenen Benutzer zuordnen' },
          ]}
        />
        <div className="mitarbeiter-form">
          {art === 'neu' ? (
            <FieldForm
              fields={NEUE_FELDER}
              record={neu}
              onChange={(patch) =>
                setNeu((r) => applyBenutzerChange(r as Benutzer, patch as Partial<Benutzer>))
              }
              errors={errors}
            />
          ) : (
            <FormGroup label="Vorhandener Benutzer" labelFor="mitarbeiter-vorhanden">
              <RecordSelect
                id="mitarbeiter-vorhanden"
                resource="benutzer"
                value={vorhanden}
                onChange={(id) => {
                  setVorhanden(id);
                  setProblem(undefined);
                }}
                label={kennLabel}
                query={{
                  attributes: ['id', 'kennnummer', 'firma', 'titel', 'vorname', 'nachname'],
                  order: [['sortname', 'ASC']],
                }}
              />
            </FormGroup>
          )}
        </div>
        {problem && <Callout intent={Intent.DANGER}>{problem}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Abbrechen" onClick={() => close(false)} />
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text={art === 'neu' ? 'Anlegen' : 'Zuordnen'}
              loading={busy}
              disabled={art === 'vorhanden' && !vorhanden}
              onClick={() => void save()}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function MitarbeiterTab({ arbeitgeber }: { arbeitgeber: Row }) {
  const id = arbeitgeber.id as number;
  const open = (row: Row) => navigate(`/benutzer/benutzer/${row.id}`);
  /** Ends the employment link only; the user stays, now top-level (the server drops its Freigabe). */
  const loesen = async (row: Row) => {
    const frage = `Soll ${benutzerLabel(row)} nicht mehr ${benutzerLabel(arbeitgeber)} zugeordnet sein?`;
    if (!(await confirm(frage, { confirmText: 'Zuordnung entfernen', danger: true }))) return;
    try {
      await setzeArbeitgeber(row.id as number, null);
      showToast('Zuordnung entfernt');
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <RelatedTable
      resource="benutzer"
      query={{
        where: { parent_id: id },
        include: [{ association: 'Primaeremail', attributes: ['id', 'email'] }],
        order: [['sortname', 'ASC']],
      }}
      columns={[
        { field: 'kennnummer', label: 'Kennnummer' },
        { field: 'anzeigename', label: 'Name' },
        { field: 'Primaeremail.email', label: 'Email' },
        { field: 'freigabe', label: 'Freigabe', type: 'boolean' },
        { field: 'aktiviert', label: 'Aktiviert', type: 'boolean' },
      ]}
      onOpen={open}
      bar={
        <Button
          intent={Intent.PRIMARY}
          icon="new-person"
          text="Neuer Mitarbeiter"
          onClick={() => void openDialog('Benutzer_Mitarbeiter', { arbeitgeber })}
        />
      }
      actions={(row) => (
        <ButtonGroup variant="minimal">
          <Button icon="edit" aria-label="Bearbeiten" title="Bearbeiten" onClick={() => open(row)} />
          <Button
            icon="merge-columns"
            aria-label="Zusammenführen"
            title="Zusammenführen"
            onClick={() => navigate(`/benutzer/benutzer/${id}/mitarbeiter_zusammenfueren/${row.id}`)}
          />
          <Button
            icon="disable"
            intent={Intent.DANGER}
            aria-label="Zuordnung entfernen"
            title="Zuordnung entfernen"
            onClick={() => void loesen(row)}
          />
        </ButtonGroup>
      )}
    />
  );
}
