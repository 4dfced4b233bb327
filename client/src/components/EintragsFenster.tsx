/**
 * What the edit windows of one record share: the record loaded from the route (a copy with
 * `?option=copy`, a new one with the metadata's and the registry's defaults, its many-to-many
 * links as ids), and for the rich windows with steps (spec 000 §2) the frame around them: title,
 * steps with the save buttons on the last, the record's Verlauf.
 */
import { useLocation } from '../app/router';
import { displayText, linkLoading, newRecordDefaults, type ResourceMeta } from '../resources/meta';
import type { ResourceConfig, Row } from '../resources/types';
import {
  EditFrame,
  SaveButtons,
  StepperFrame,
  useEditRecord,
  type EditRecord,
  type FramePart,
} from './EditFrame';
import { Verlauf } from './Verlauf';

export function useEintrag(config: ResourceConfig, id: string, meta: ResourceMeta, defaults: Row = {}) {
  const { query } = useLocation();
  return useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    copy: query.get('option') === 'copy',
    defaults: { ...newRecordDefaults(meta, config), ...defaults },
    ...linkLoading(meta),
  });
}

/** `Rabatte: Neuer Eintrag` or `Rabatte: {its name}`. */
export function fensterTitel(
  config: ResourceConfig,
  id: string,
  isNew: boolean,
  name: string | undefined,
): string {
  return isNew ? `${config.label}: Neuer Eintrag` : `${config.label}: ${name || id}`;
}

export function StepperFenster({
  config,
  id,
  meta,
  edit,
  steps,
}: {
  config: ResourceConfig;
  id: string;
  meta: ResourceMeta;
  edit: EditRecord<Row>;
  steps: FramePart[];
}) {
  return (
    <EditFrame
      title={fensterTitel(config, id, edit.isNew, displayText(meta.display, edit.record))}
      loading={edit.loading}
      notFound={edit.notFound}
      onBack={edit.close}
      footer={null}
    >
      <StepperFrame steps={steps} saveButtons={<SaveButtons edit={edit} />} />
      {!edit.isNew && <Verlauf resource={config.resource} id={Number(edit.record.id ?? id)} />}
    </EditFrame>
  );
}
