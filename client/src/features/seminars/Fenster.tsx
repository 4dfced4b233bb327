/**
 * The edit window shared by the seminar side's rich screens (seminar, event, content, speaker,
 * room): the generic pieces (metadata, useEditRecord, TabFrame, the field inputs, Verlauf) with
 * tabs that each screen composes, JSON sub-fields ('data.…', 'kosten.…') as fields of their own,
 * and a Downloads tab disabled until the record is saved.
 */
import { useCallback, type ReactNode } from 'react';
import { fieldLabel } from '../../../../common/vocabulary';
import { useLocation } from '../../app/router';
import {
  EditFrame,
  SaveButtons,
  TabFrame,
  useEditRecord,
  type EditRecord,
  type FramePart,
} from '../../components/EditFrame';
import { Field } from '../../components/FieldForm';
import { Verlauf } from '../../components/Verlauf';
import {
  displayText,
  editFields,
  linkLoading,
  newRecordDefaults,
  type ResourceMeta,
} from '../../resources/meta';
import type { EditProps, FieldDef, FieldOverride, Row } from '../../resources/types';
import { DownloadsTab } from './DownloadsTab';
import { einfalten, mitUnterfeldern } from '../../resources/unterfelder';
import { MitMetadaten } from '../../components/MitMetadaten';

export interface FensterKontext {
  meta: ResourceMeta;
  edit: EditRecord<Row>;
  record: Row;
  isNew: boolean;
  /** Applies a change; dotted names go into their JSON column. */
  change(patch: Row): void;
  /** The inputs of these fields (metadata names or dotted JSON sub-fields with their type). */
  felder(overrides: FieldOverride[], optionen?: FelderOptionen): ReactNode;
  /** The Downloads tab of this record (spec 001 §2: disabled while new). */
  downloads(relation: string): FramePart;
}

export interface FelderOptionen {
  /** Applies a screen's transitions before the change; `change` by default. */
  onChange?(patch: Row): void;
  /** The values shown, when they differ from the record's (a default the record does not store). */
  werte?: Row;
}

export interface FensterProps extends EditProps {
  /** A window below another record (an event of its seminar) lists and closes there. */
  listPath?: string;
  closePath?: string;
  defaults?: Row;
  tabs(kontext: FensterKontext): FramePart[];
  /** Buttons at the right of the title (e.g. the iCal file). */
  actions?(kontext: FensterKontext): ReactNode;
}

export function Fenster(props: FensterProps) {
  return (
    <MitMetadaten resource={props.config.resource} render={(meta) => <MitMeta {...props} meta={meta} />} />
  );
}

function MitMeta({
  config,
  id,
  listPath,
  closePath,
  defaults,
  tabs,
  actions,
  meta,
}: FensterProps & { meta: ResourceMeta }) {
  const { query } = useLocation();
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: listPath ?? config.path,
    closePath,
    id,
    copy: query.get('option') === 'copy',
    defaults: { ...newRecordDefaults(meta, config), ...defaults },
    ...linkLoading(meta),
  });
  const { record, isNew, change: setFields, errors } = edit;
  const change = useCallback((patch: Row) => setFields(einfalten(record, patch)), [record, setFields]);

  const felder = (overrides: FieldOverride[], { onChange = change, werte = record }: FelderOptionen = {}) => {
    const defs = overrides.flatMap((override): FieldDef[] => {
      const name = typeof override === 'string' ? override : override.name;
      if (!name.includes('.')) return editFields(meta, [override]);
      // JSON sub-fields are not in the metadata: their type comes with them.
      const label = fieldLabel(meta.name, name) ?? name;
      return [{ label, ...(typeof override === 'string' ? { name } : override) }];
    });
    const ansicht = mitUnterfeldern(
      werte,
      defs.map((def) => def.name),
    );
    return defs.map((def) => (
      <Field key={def.name} field={def} record={ansicht} onChange={onChange} error={errors[def.name]} />
    ));
  };

  const kontext: FensterKontext = {
    meta,
    edit,
    record,
    isNew,
    change,
    felder,
    downloads: (relation) => ({
      id: 'downloads',
      title: 'Downloads',
      disabled: isNew,
      panel: record.id !== undefined && <DownloadsTab relation={relation} relationId={record.id} />,
    }),
  };
  const name = config.title?.(record) ?? displayText(meta.display, record);
  return (
    <EditFrame
      title={isNew ? `${config.label}: Neuer Eintrag` : `${config.label}: ${name || id}`}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={<SaveButtons edit={edit} />}
      actions={!isNew && actions?.(kontext)}
    >
      <div className="seminar-fenster">
        <TabFrame tabs={tabs(kontext)} route={`${config.path}/${id}`} />
      </div>
      {!isNew && <Verlauf resource={config.resource} id={Number(record.id ?? id)} />}
    </EditFrame>
  );
}
