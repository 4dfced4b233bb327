/**
 * A new download (Download-Verwaltung, spec 000 §3, 001 §9): the file with its name, title,
 * relation, category and public flag, uploaded in one step with progress.
 */
import {
  Button,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  ProgressBar,
  Switch,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { enumLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { EditFrame } from '../../components/EditFrame';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { fieldErrors, reportError } from '../../lib/errors';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import { displayText, useMeta } from '../../resources/meta';
import { uploadDownload } from './api';

/** Which records a download can belong to, and the categories offered for each (spec 001 §9, 002 §2). */
const RELATIONEN: Record<string, { resource: string; kategorien: string[] }> = {
  Veranstaltung: {
    resource: 'veranstaltung',
    kategorien: ['Skript', 'Fax-Anmeldung', 'Inhaltsverzeichnis', 'Sonstiges'],
  },
  'Veranstaltung-Event': {
    resource: 'veranstaltung-event',
    kategorien: ['Skript', 'Fax-Anmeldung', 'Inhaltsverzeichnis', 'Sonstiges'],
  },
  'Veranstaltung-Inhalt': {
    resource: 'veranstaltung-inhalt',
    kategorien: ['Skript', 'Fax-Anmeldung', 'Inhaltsverzeichnis', 'Sonstiges'],
  },
  'Veranstaltung-Referent': { resource: 'veranstaltung-referent', kategorien: ['Bild', 'Sonstiges'] },
  'Veranstaltung-Ort': { resource: 'veranstaltung-ort', kategorien: ['Anfahrtsskizze', 'Sonstiges'] },
  Newsletter: {
    resource: 'newsletter',
    kategorien: ['Skript', 'Fax-Anmeldung', 'Inhaltsverzeichnis', 'Sonstiges'],
  },
};

type Angaben = {
  real_name: string;
  title: string;
  relation: string;
  relation_id: number | null;
  category: string;
  public: boolean;
};

function Bezug({
  relation,
  value,
  onChange,
}: {
  relation: string;
  value: number | null;
  onChange(id: number | null): void;
}) {
  const resource = RELATIONEN[relation].resource;
  const { data: meta } = useMeta(resource);
  const display = meta?.display ?? ['id'];
  return (
    <RecordSelect
      key={resource}
      id="field-relation_id"
      resource={resource}
      value={value}
      onChange={onChange}
      label={(row) => displayText(display, row)}
      searchFields={display}
    />
  );
}

export function DownloadNeu() {
  const [file, setFile] = useState<File>();
  const [angaben, setAngaben] = useState<Angaben>({
    real_name: '',
    title: '',
    relation: 'Veranstaltung',
    relation_id: null,
    category: 'Skript',
    public: true,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Angaben>) => setAngaben((current) => ({ ...current, ...patch }));
  const kategorien = RELATIONEN[angaben.relation].kategorien;

  const hochladen = async () => {
    if (!file) {
      setErrors({ file: 'Bitte wählen Sie eine Datei aus.' });
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await uploadDownload(file, { ...angaben }, setProgress);
      invalidateResource('download');
      showToast('Download erfolgreich erstellt');
      navigate('/download');
    } catch (error) {
      setErrors(fieldErrors(error));
      reportError(error);
    } finally {
      setProgress(null);
    }
  };

  const group = (name: string, label: string, input: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`field-${name}`}
      intent={errors[name] ? Intent.DANGER : undefined}
      helperText={errors[name]}
    >
      {input}
    </FormGroup>
  );

  return (
    <EditFrame
      title="Download-Verwaltung: Neuer Download"
      loading={progress !== null}
      footer={
        <>
          {progress !== null && (
            <ProgressBar className="upload-progress" value={progress} intent={Intent.PRIMARY} />
          )}
          <Button text="Schließen" onClick={() => navigate('/download')} />
          <Button intent={Intent.PRIMARY} icon="upload" text="Hochladen" onClick={() => void hochladen()} />
        </>
      }
    >
      <div className="field-form">
        {group(
          'file',
          'Datei',
          <FileInput
            fill
            text={file?.name ?? 'Datei auswählen…'}
            buttonText="Durchsuchen"
            hasSelection={Boolean(file)}
            inputProps={{ id: 'field-file' }}
            onInputChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              setFile(chosen);
              if (chosen && !angaben.real_name) set({ real_name: chosen.name });
            }}
          />,
        )}
        {group(
          'real_name',
          'Name',
          <InputGroup
            id="field-real_name"
            value={angaben.real_name}
            onChange={(e) => set({ real_name: e.target.value })}
          />,
        )}
        {group(
          'title',
          'Titel',
          <InputGroup
            id="field-title"
            value={angaben.title}
            onChange={(e) => set({ title: e.target.value })}
          />,
        )}
        {group(
          'relation',
          'Gehört zu',
          <HTMLSelect
            id="field-relation"
            fill
            value={angaben.relation}
            options={Object.keys(RELATIONEN).map((value) => ({
              value,
              label: enumLabel('download', 'relation', value),
            }))}
            onChange={(e) => {
              const relation = e.target.value;
              const erlaubt = RELATIONEN[relation].kategorien;
              set({
                relation,
                relation_id: null,
                category: erlaubt.includes(angaben.category) ? angaben.category : erlaubt[0],
              });
            }}
          />,
        )}
        {group(
          'relation_id',
          enumLabel('download', 'relation', angaben.relation),
          <Bezug
            relation={angaben.relation}
            value={angaben.relation_id}
            onChange={(relation_id) => set({ relation_id })}
          />,
        )}
        {group(
          'category',
          'Kategorie',
          <HTMLSelect
            id="field-category"
            fill
            value={angaben.category}
            options={kategorien.map((value) => ({ value, label: enumLabel('download', 'category', value) }))}
            onChange={(e) => set({ category: e.target.value })}
          />,
        )}
        <Switch
          id="field-public"
          label="Öffentlich"
          checked={angaben.public}
          onChange={(e) => set({ public: e.currentTarget.checked })}
        />
      </div>
    </EditFrame>
  );
}
