/**
 * The Downloads tab of a seminar, event, content, speaker or room (spec 001 §2, §9, spec 002 §2):
 * its downloads with name, category and size, each made public or not, opened or deleted (after asking),
 * and the upload of a new one with the categories that fit the record.
 */
import { AnchorButton, Button, ButtonGroup, H6, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { enumLabels } from '../../../../common/vocabulary';
import { formatSize } from '../../components/files/size';
import { api, resourcePath } from '../../lib/api';
import { confirm } from '../../lib/dialogs';
import { reportError } from '../../lib/errors';
import { invalidateResource } from '../../lib/hooks';
import { showToast } from '../../lib/toaster';
import type { ColumnDef, Row } from '../../resources/types';
import { RelatedTable } from '../../components/RelatedTable';
import { downloadLink, downloadsQuery } from './api';
import { DownloadFormular } from './DownloadNeu';

const SPALTEN: ColumnDef[] = [
  { field: 'real_name', label: 'Name' },
  { field: 'title', label: 'Titel' },
  { field: 'category', label: 'Kategorie', type: 'enum', enumLabels: enumLabels('download', 'category') },
  { field: 'size', label: 'Größe', format: (bytes) => formatSize(Number(bytes)) },
  { field: 'createdAt', label: 'Erstellt am', type: 'datetime' },
];

export function DownloadsTab({ relation, relationId }: { relation: string; relationId: number }) {
  // A new form after each upload: empty again, no file chosen.
  const [formular, setFormular] = useState(0);

  const oeffentlich = async (row: Row, wert: boolean) => {
    try {
      await api.put(resourcePath('download', row.id), { public: wert, version: row.version });
      showToast(wert ? 'Download ist öffentlich' : 'Download ist nicht mehr öffentlich');
    } catch (error) {
      reportError(error);
    }
    invalidateResource('download');
  };

  const loeschen = async (row: Row) => {
    const name = String(row.real_name ?? row.file_name);
    if (
      !(await confirm(`Sind Sie sicher, dass Sie den Download ${name} löschen möchten?`, {
        confirmText: 'Löschen',
        danger: true,
      }))
    )
      return;
    try {
      await api.delete(resourcePath('download', row.id));
      showToast(`Download ${name} gelöscht`);
    } catch (error) {
      reportError(error);
    }
    invalidateResource('download');
  };

  return (
    <div className="downloads-tab">
      <RelatedTable
        resource="download"
        query={downloadsQuery(relation, relationId)}
        columns={SPALTEN}
        actions={(row) => (
          <ButtonGroup variant="minimal">
            <Switch
              className="download-oeffentlich"
              label="Öffentlich"
              checked={Boolean(row.public)}
              onChange={(e) => void oeffentlich(row, e.currentTarget.checked)}
            />
            <AnchorButton
              icon="download"
              aria-label="Herunterladen"
              title="Herunterladen"
              href={downloadLink(String(row.file_name))}
            />
            <Button
              icon="trash"
              intent={Intent.DANGER}
              aria-label="Löschen"
              title="Löschen"
              onClick={() => void loeschen(row)}
            />
          </ButtonGroup>
        )}
      />
      <H6 className="downloads-neu">Neuer Download</H6>
      <DownloadFormular
        key={formular}
        bezug={{ relation, relationId }}
        onHochgeladen={() => setFormular((n) => n + 1)}
      />
    </div>
  );
}
