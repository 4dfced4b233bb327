/**
 * Download records (spec 000 §3): a new one is an upload with its fields in one step; an existing
 * one shows what describes the stored file (name, size, extension) and what it belongs to read-only,
 * since only an upload sets them (issue 26), and lets staff change name, title, category and public flag.
 */
import { AnchorButton, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { downloadBezug } from '../../../../common/download';
import { enumLabel } from '../../../../common/vocabulary';
import { formatSize } from '../../components/files/size';
import type { EditProps, Row } from '../../resources/types';
import { downloadLink } from './api';
import { DownloadBezugTitel } from './DownloadBezug';
import { DownloadNeu } from './DownloadNeu';
import { Fenster } from './Fenster';

export function DownloadEdit(props: EditProps) {
  return props.id === 'new' ? <DownloadNeu /> : <Fenster {...props} tabs={downloadTabs} />;
}

function Angezeigt({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <FormGroup label={label} labelFor={id}>
      {children}
    </FormGroup>
  );
}

const kategorien = (record: Row) =>
  (downloadBezug(record.relation)?.kategorien ?? []).map((value) => ({
    value,
    label: enumLabel('download', 'category', value),
  }));

const bezugArt = (record: Row) =>
  record.relation ? enumLabel('download', 'relation', String(record.relation)) : '';

const downloadTabs: Parameters<typeof Fenster>[0]['tabs'] = ({ felder, record }) => [
  {
    id: 'grunddaten',
    title: 'Grunddaten',
    panel: (
      <div className="field-form">
        {felder(['real_name', 'title', { name: 'category', options: kategorien(record) }, 'public'])}
        <Angezeigt id="field-bezug" label={`Gehört zu (${bezugArt(record)})`}>
          <div id="field-bezug" className={`${Classes.INPUT} ${Classes.DISABLED} download-bezug`}>
            <DownloadBezugTitel row={record} />
          </div>
        </Angezeigt>
        {felder([
          { name: 'file_name', readOnly: true },
          { name: 'ext', readOnly: true },
        ])}
        <Angezeigt id="field-size" label="Größe">
          <InputGroup
            id="field-size"
            readOnly
            disabled
            value={typeof record.size === 'number' ? formatSize(record.size) : ''}
          />
        </Angezeigt>
        {typeof record.file_name === 'string' && (
          <AnchorButton icon="download" text="Datei öffnen" href={downloadLink(record.file_name)} />
        )}
      </div>
    ),
  },
];
