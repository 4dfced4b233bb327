/**
 * The 'Dateien' tab of every resource with a file area (Bescheinigungen, PDF-, Rechnungs- and
 * Newsletter-Vorlagen): its files with name, size and date, upload with progress (an existing name
 * is replaced after asking), download and delete after confirmation. With `folders` it shows the
 * area's folders to open and leave; without, only the files at the top (spec 001 §5: template
 * file lists show no subfolder paths).
 */
import {
  AnchorButton,
  Button,
  ButtonGroup,
  FileInput,
  HTMLTable,
  Icon,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { useState } from 'react';
import { RequestError } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { errorMessage, reportError } from '../../lib/errors';
import { formatDateValue } from '../../lib/format';
import { showToast } from '../../lib/toaster';
import { deleteFile, downloadUrl, replaceFile, uploadFile, useFiles, type FileEntry } from './api';
import { formatSize } from './size';

export interface DateienProps {
  /** A resource registered with a file area (`/node/api/{resource}/files`). */
  resource: string;
  /** Show folders to open; otherwise only the files at the top of the area. */
  folders?: boolean;
}

export function Dateien({ resource, folders = false }: DateienProps) {
  const [dir, setDir] = useState('');
  const { data: files, error, isLoading, mutate } = useFiles(resource, dir);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = (files ?? []).filter((file) => folders || !file.isDirectory);

  const upload = async (file: File) => {
    setBusy(true);
    setProgress(0);
    try {
      try {
        await uploadFile(resource, dir, file, setProgress);
      } catch (error) {
        // Only an existing file may be replaced; a folder of that name stays (its own 409).
        if (!(error instanceof RequestError && error.body?.code === 'FILE_EXISTS')) throw error;
        const path = dir ? `${dir}/${file.name}` : file.name;
        setProgress(null); // no bar while asking
        if (
          !(await confirm(`Die Datei ${file.name} existiert bereits. Wollen Sie sie ersetzen?`, {
            confirmText: 'Ersetzen',
          }))
        )
          return;
        setProgress(0);
        await replaceFile(resource, path, file, setProgress);
      }
      showToast(`Datei ${file.name} erfolgreich hochgeladen`);
    } catch (error) {
      reportError(error);
    } finally {
      setProgress(null);
      setBusy(false);
      void mutate();
    }
  };

  const remove = async (file: FileEntry) => {
    const sure = await confirm(`Sind Sie sicher, dass Sie die Datei ${file.name} löschen möchten?`, {
      confirmText: 'Löschen',
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteFile(resource, file.path);
      showToast(`Datei ${file.name} gelöscht`);
    } catch (error) {
      reportError(error);
    }
    void mutate();
  };

  const up = dir.split('/').slice(0, -1).join('/');
  return (
    <div className="dateien" data-screen="dateien">
      <div className="list-bar">
        <FileInput
          text="Datei hochladen…"
          buttonText="Durchsuchen"
          disabled={busy}
          inputProps={{ 'aria-label': 'Datei hochladen' }}
          onInputChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        {progress !== null && (
          <ProgressBar className="upload-progress" value={progress} intent={Intent.PRIMARY} />
        )}
        {dir && <span className="files-dir">Ordner: {dir}</span>}
      </div>
      <HTMLTable compact striped className="list-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Größe</th>
            <th>Geändert am</th>
            <th className="actions" />
          </tr>
        </thead>
        <tbody>
          {dir && (
            <tr>
              <td colSpan={4}>
                <Button
                  variant="minimal"
                  icon="arrow-up"
                  text="Übergeordneter Ordner"
                  onClick={() => setDir(up)}
                />
              </td>
            </tr>
          )}
          {shown.length === 0 ? (
            <tr>
              <td colSpan={4} className="list-empty">
                {isLoading && !files
                  ? 'Daten werden geladen'
                  : error && !files
                    ? errorMessage(error)
                    : 'keine Daten vorhanden'}
              </td>
            </tr>
          ) : (
            shown.map((file) => (
              <tr key={file.path}>
                <td>
                  {file.isDirectory ? (
                    <Button
                      variant="minimal"
                      icon="folder-close"
                      text={file.name}
                      onClick={() => setDir(file.path)}
                    />
                  ) : (
                    <>
                      <Icon icon="document" /> {file.name}
                    </>
                  )}
                </td>
                <td>{file.isDirectory ? '' : formatSize(file.size)}</td>
                <td>{formatDateValue(file.modifiedAt)}</td>
                <td className="actions">
                  {!file.isDirectory && (
                    <ButtonGroup variant="minimal">
                      <AnchorButton
                        icon="download"
                        aria-label="Herunterladen"
                        title="Herunterladen"
                        href={downloadUrl(resource, file.path)}
                      />
                      <Button
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label="Löschen"
                        title="Löschen"
                        onClick={() => void remove(file)}
                      />
                    </ButtonGroup>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
