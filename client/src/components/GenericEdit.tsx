/** The edit window of a registry resource without a rich one of its own. */
import { Callout } from '@blueprintjs/core';
import { useLocation } from '../app/router';
import type { EditProps, FieldDef, Row } from '../resources/types';
import { EditFrame, SaveButtons, StepperFrame, TabFrame, useEditRecord } from './EditFrame';
import { FieldForm } from './FieldForm';

const NOT_EDITABLE = new Set(['id', 'createdAt', 'updatedAt', 'password']);

/** Without configured fields, the plain fields of the loaded record are offered. */
function deriveFields(record: Row): FieldDef[] {
  return Object.entries(record)
    .filter(([key, value]) => !NOT_EDITABLE.has(key) && (value === null || typeof value !== 'object'))
    .map(([key, value]) => ({
      name: key,
      label: key,
      type: typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'text',
    }));
}

export function GenericEdit({ config, id }: EditProps) {
  const { query } = useLocation();
  const edit = useEditRecord<Row>({
    resource: config.resource,
    listPath: config.path,
    id,
    copy: query.get('option') === 'copy',
  });
  const title = edit.isNew
    ? `${config.label}: Neuer Eintrag`
    : `${config.label}: ${config.title?.(edit.record) ?? id}`;
  const form = (fields: FieldDef[]) =>
    fields.length === 0 && !edit.loading ? (
      <Callout>Für diese Ressource sind noch keine Eingabefelder festgelegt.</Callout>
    ) : (
      <FieldForm fields={fields} record={edit.record} onChange={edit.change} errors={edit.errors} />
    );
  const saveButtons = <SaveButtons edit={edit} />;
  if (!config.parts) {
    return (
      <EditFrame title={title} loading={edit.loading} footer={saveButtons}>
        {form(config.fields ?? deriveFields(edit.record))}
      </EditFrame>
    );
  }
  const parts = config.parts.map((part) => ({ id: part.title, title: part.title, panel: form(part.fields) }));
  return config.stepper ? (
    <EditFrame title={title} loading={edit.loading} footer={null}>
      <StepperFrame steps={parts} saveButtons={saveButtons} />
    </EditFrame>
  ) : (
    <EditFrame title={title} loading={edit.loading} footer={saveButtons}>
      <TabFrame tabs={parts} route={`${config.path}/:id`} />
    </EditFrame>
  );
}
