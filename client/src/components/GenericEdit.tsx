/**
 * The edit window of every resource without a rich one of its own: its fields, inputs and labels
 * come from the server's metadata and the German vocabulary; a registry entry may order them,
 * group them into tabs or steps, and hide some. Records the server keeps unchanged open read-only.
 * Existing records show their Verlauf (the audit trail) under the fields.
 */
import { Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { matchesCondition } from '../../../common/resource-meta';
import { displayText, editFields, type ResourceMeta } from '../resources/meta';
import type { EditProps, FieldOverride } from '../resources/types';
import { EditFrame, RecordNotFound, SaveButtons, StepperFrame, TabFrame } from './EditFrame';
import { fensterTitel, useEintrag } from './EintragsFenster';
import { FieldForm } from './FieldForm';
import { Verlauf } from './Verlauf';
import { MitMetadaten } from './MitMetadaten';

export function GenericEdit({ config, id }: EditProps) {
  return (
    <MitMetadaten
      resource={config.resource}
      render={(meta) => <MetaEdit config={config} id={id} meta={meta} />}
    />
  );
}

function MetaEdit({ config, id, meta }: EditProps & { meta: ResourceMeta }) {
  const edit = useEintrag(config, id, meta);
  if (edit.notFound) return <RecordNotFound onBack={edit.close} />;
  if (edit.isNew && !meta.operations.create) {
    return (
      <NonIdealState
        icon="lock"
        title="Keine neuen Einträge"
        description={`Einträge von „${config.label}“ entstehen nur durch ihre Abläufe, nicht von Hand.`}
      />
    );
  }
  const readOnly =
    !edit.isNew &&
    (!meta.operations.update ||
      (meta.lockedWhen !== undefined && matchesCondition(edit.record, meta.lockedWhen)));
  const name = config.title?.(edit.record) ?? displayText(meta.display, edit.record);
  const title = fensterTitel(config, id, edit.isNew, name);
  const form = (overrides?: FieldOverride[]) => (
    <FieldForm
      fields={editFields(meta, overrides, config.hidden)}
      record={edit.record}
      onChange={(patch) => edit.change(config.folgt ? config.folgt(edit.record, patch) : patch)}
      errors={edit.errors}
      readOnly={readOnly}
    />
  );
  const notice = readOnly && (
    <Callout intent={Intent.PRIMARY} icon="lock" className="read-only-notice">
      Dieser Eintrag kann nicht geändert werden.
    </Callout>
  );
  const saveButtons = <SaveButtons edit={edit} readOnly={readOnly} />;
  const verlauf = !edit.isNew && <Verlauf resource={config.resource} id={Number(id)} />;
  if (!config.parts) {
    return (
      <EditFrame title={title} loading={edit.loading} footer={saveButtons}>
        {notice}
        {form(config.fields)}
        {verlauf}
      </EditFrame>
    );
  }
  const parts = config.parts.map((part) => ({ id: part.title, title: part.title, panel: form(part.fields) }));
  return config.stepper && !readOnly ? (
    <EditFrame title={title} loading={edit.loading} footer={null}>
      <StepperFrame steps={parts} saveButtons={saveButtons} />
      {verlauf}
    </EditFrame>
  ) : (
    <EditFrame title={title} loading={edit.loading} footer={saveButtons}>
      {notice}
      <TabFrame tabs={parts} route={`${config.path}/${id}`} />
      {verlauf}
    </EditFrame>
  );
}
