/**
 * A new download (spec 000 §3, 001 §9): the file with its name, title, relation, category and
 * public flag, uploaded in one step with progress. The Download-Verwaltung asks for the relation;
 * the Downloads tab of a seminar, event, content, speaker or room gives it.
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
import { DOWNLOAD_BEZUEGE } from '../../../../common/download';
import { enumLabel } from '../../../../common/vocabulary';
import { navigate } from '../../app/router';
import { EditFrame } from '../../components/EditFrame';
import { RecordSelect } from '../../components/inputs/RecordSelect';
import { fieldErrors, reportError } from '../../lib/errors';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import { displayText, useMeta } from '../../resources/meta';
import { uploadDownload } from './api';

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
  const resource = DOWNLOAD_BEZUEGE[relation].resource;
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

export interface DownloadFormularProps {
  /** The record the download belongs to, when the screen gives it (a Downloads tab). */
  bezug?: { relation: string; relationId: number };
  onHochgeladen(): void;
}

export function DownloadFormular({ bezug, onHochgeladen }: DownloadFormularProps) {
  const [file, setFile] = useState<File>();
  const relation = bezug?.relation ?? 'Veranstaltung';
  const [angaben, setAngaben] = useState<Angaben>({
    real_name: '',
    title: '',
    relation,
    relation_id: bezug?.relationId ?? null,
    category: DOWNLOAD_BEZUEGE[relation].kategorien[0],
    public: true,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A changed field's old message no longer applies.
  const clearErrors = (names: string[]) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name))),
    );
  const set = (patch: Partial<Angaben>) => {
    setAngaben((current) => ({ ...current, ...patch }));
    clearErrors(Object.keys(patch));
  };
  const kategorien = DOWNLOAD_BEZUEGE[angaben.relation].kategorien;

  const hochladen = async () => {
    // Checked here too, so that a large file is not sent just to hear that something is missing.
    const missing: Record<string, string> = {};
    if (!file) missing.file = 'Bitte wählen Sie eine Datei aus.';
    if (angaben.relation_id === null) missing.relation_id = 'ist ein Pflichtfeld';
    if (!file || Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await uploadDownload(file, { ...angaben }, setProgress);
      invalidateResource('download');
      showToast('Download erfolgreich erstellt');
      onHochgeladen();
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
    // Nothing changes while the file is on its way.
    <fieldset className="download-formular" disabled={progress !== null}>
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
              // The name follows the file unless staff typed one of their own.
              if (chosen && (!angaben.real_name || angaben.real_name === file?.name))
                set({ real_name: chosen.name });
              setFile(chosen);
              clearErrors(['file']);
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
        {!bezug &&
          group(
            'relation',
            'Gehört zu',
            <HTMLSelect
              id="field-relation"
              fill
              value={angaben.relation}
              options={Object.keys(DOWNLOAD_BEZUEGE).map((value) => ({
                value,
                label: enumLabel('download', 'relation', value),
              }))}
              onChange={(e) => {
                const relation = e.target.value;
                const erlaubt = DOWNLOAD_BEZUEGE[relation].kategorien;
                set({
                  relation,
                  relation_id: null,
                  category: erlaubt.includes(angaben.category) ? angaben.category : erlaubt[0],
                });
              }}
            />,
          )}
        {!bezug &&
          group(
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
      <div className="download-hochladen">
        {progress !== null && (
          <ProgressBar className="upload-progress" value={progress} intent={Intent.PRIMARY} />
        )}
        <Button
          intent={Intent.PRIMARY}
          icon="upload"
          text="Hochladen"
          loading={progress !== null}
          onClick={() => void hochladen()}
        />
      </div>
    </fieldset>
  );
}

/** The Download-Verwaltung's window for a new download; back on the list once it is stored. */
export function DownloadNeu() {
  return (
    <EditFrame
      title="Download-Verwaltung: Neuer Download"
      loading={false}
      footer={<Button text="Schließen" onClick={() => navigate('/download')} />}
    >
      <DownloadFormular onHochgeladen={() => navigate('/download')} />
    </EditFrame>
  );
}
