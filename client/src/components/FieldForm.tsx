/** Renders registry fields (resources/types.ts) with the matching inputs; used by generic edit windows. */
import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { FieldDef, Row } from '../resources/types';
import { DateInput } from './inputs/DateInput';
import { NumberInput } from './inputs/NumberInput';
import { RichTextEditor } from './inputs/RichTextEditor';
import { TimeInput } from './inputs/TimeInput';

export interface FieldProps {
  field: FieldDef;
  record: Row;
  onChange(patch: Row): void;
  error?: string;
}

function FieldInput({ field, record, onChange, error }: FieldProps) {
  const value = record[field.name];
  const id = `field-${field.name}`;
  const set = (next: unknown) => onChange({ [field.name]: next });
  const disabled = field.readOnly;
  switch (field.type) {
    case 'boolean':
      return null;
    case 'number':
    case 'amount':
      return (
        <NumberInput
          id={id}
          value={value as number | null}
          onChange={set}
          min={field.min}
          max={field.max}
          decimals={field.type === 'amount' ? 2 : field.decimals}
          rightElement={field.type === 'amount' ? <span className="input-unit">€</span> : undefined}
          disabled={disabled}
        />
      );
    case 'date':
      return <DateInput id={id} value={value as string | null} onChange={set} disabled={disabled} />;
    case 'time':
      return <TimeInput id={id} value={value as string | null} onChange={set} disabled={disabled} />;
    case 'select':
      return (
        <HTMLSelect
          id={id}
          fill
          disabled={disabled}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => {
            const option = field.options?.find((o) => String(o.value ?? '') === e.target.value);
            set(option ? option.value : null);
          }}
          options={(field.options ?? []).map((o) => ({ value: String(o.value ?? ''), label: o.label }))}
        />
      );
    case 'textarea':
      return (
        <TextArea
          id={id}
          fill
          value={(value as string) ?? ''}
          onChange={(e) => set(e.target.value)}
          disabled={disabled}
        />
      );
    case 'lines':
      return (
        <TextArea
          id={id}
          fill
          rows={4}
          value={Array.isArray(value) ? value.join('\n') : ''}
          // Empty lines are kept while typing; the list holds exactly what is shown.
          onChange={(e) => set(e.target.value === '' ? null : e.target.value.split('\n'))}
          disabled={disabled}
        />
      );
    case 'richtext':
      return <RichTextEditor value={value as string | null} onChange={set} />;
    default:
      return (
        <InputGroup
          id={id}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => set(e.target.value)}
          readOnly={disabled}
          intent={error ? Intent.DANGER : undefined}
        />
      );
  }
}

export function Field(props: FieldProps) {
  const { field, record, onChange, error } = props;
  if (field.type === 'boolean') {
    return (
      <Checkbox
        label={field.label}
        checked={Boolean(record[field.name])}
        disabled={field.readOnly}
        onChange={(e) => onChange({ [field.name]: e.currentTarget.checked })}
      />
    );
  }
  return (
    <FormGroup
      label={field.label}
      labelFor={`field-${field.name}`}
      intent={error ? Intent.DANGER : undefined}
      helperText={error}
    >
      <FieldInput {...props} />
    </FormGroup>
  );
}

export function FieldForm({
  fields,
  record,
  onChange,
  errors = {},
}: {
  fields: FieldDef[];
  record: Row;
  onChange(patch: Row): void;
  errors?: Record<string, string>;
}) {
  return (
    <div className="field-form">
      {fields.map((field) => (
        <Field
          key={field.name}
          field={field}
          record={record}
          onChange={onChange}
          error={errors[field.name]}
        />
      ))}
    </div>
  );
}
