/** Renders registry fields (resources/types.ts) with the matching inputs; used by generic edit windows. */
import { FormGroup, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { Suspense } from 'react';
import { lazyScreen } from '../lib/lazy';
import { displayText } from '../resources/meta';
import type { FieldDef, Row } from '../resources/types';
import { DateInput } from './inputs/DateInput';
import { DateTimeInput } from './inputs/DateTimeInput';
import { RecordSelect } from './inputs/RecordSelect';
import { RecordsSelect } from './inputs/RecordsSelect';
import { NumberInput } from './inputs/NumberInput';
import { TimeInput } from './inputs/TimeInput';

// Quill is large: it loads with the first rich-text field, not with every form.
const RichTextEditor = lazyScreen(() => import('./inputs/RichTextEditor'), 'RichTextEditor');

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
          step={field.step}
          grouping={field.type === 'amount'}
          rightElement={field.type === 'amount' ? <span className="input-unit">€</span> : undefined}
          disabled={disabled}
        />
      );
    case 'date':
      return <DateInput id={id} value={value as string | null} onChange={set} disabled={disabled} />;
    case 'time':
      return <TimeInput id={id} value={value as string | null} onChange={set} disabled={disabled} />;
    case 'datetime':
      return <DateTimeInput id={id} value={value as string | null} onChange={set} disabled={disabled} />;
    case 'record': {
      const target = field.resourceBy
        ? field.resourceBy.resources[String(record[field.resourceBy.field] ?? '')]
        : { resource: field.resource!, display: field.display ?? [] };
      // A key whose resource another field names waits for that field.
      if (!target)
        return (
          <InputGroup id={id} disabled value="" placeholder={`Zuerst „${field.resourceBy!.label}“ wählen`} />
        );
      const display = target.display;
      return (
        <RecordSelect
          key={target.resource}
          id={id}
          resource={target.resource}
          value={value as number | null}
          onChange={set}
          label={(row) => displayText(display, row)}
          searchFields={display}
          query={{ order: [[display[0] ?? 'id', 'ASC']] }}
          disabled={disabled}
        />
      );
    }
    case 'records': {
      const display = field.display ?? [];
      return (
        <RecordsSelect
          id={id}
          resource={field.resource!}
          value={value as number[] | null}
          onChange={set}
          label={(row) => displayText(display, row)}
          searchFields={display}
          disabled={disabled}
        />
      );
    }
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
      return (
        <Suspense fallback={<TextArea fill disabled value={(value as string) ?? ''} />}>
          <RichTextEditor value={value as string | null} onChange={set} readOnly={disabled} />
        </Suspense>
      );
    default:
      return (
        <InputGroup
          id={id}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) => set(e.target.value)}
          disabled={disabled}
          maxLength={field.maxLength}
          intent={error ? Intent.DANGER : undefined}
        />
      );
  }
}

export function Field(props: FieldProps) {
  const { field, record, onChange, error } = props;
  if (field.type === 'boolean') {
    return (
      <FormGroup intent={error ? Intent.DANGER : undefined} helperText={error}>
        <Switch
          id={`field-${field.name}`}
          label={field.label}
          checked={Boolean(record[field.name])}
          disabled={field.readOnly}
          onChange={(e) => onChange({ [field.name]: e.currentTarget.checked })}
        />
      </FormGroup>
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
  readOnly,
}: {
  fields: FieldDef[];
  record: Row;
  onChange(patch: Row): void;
  errors?: Record<string, string>;
  /** Every input disabled (records the server keeps unchanged). */
  readOnly?: boolean;
}) {
  // A key whose resource another field names points nowhere once that field changes.
  const change = (patch: Row) => {
    const cleared = fields.filter(
      ({ resourceBy }) =>
        resourceBy && resourceBy.field in patch && patch[resourceBy.field] !== record[resourceBy.field],
    );
    onChange(
      cleared.length ? { ...patch, ...Object.fromEntries(cleared.map((f) => [f.name, null])) } : patch,
    );
  };
  return (
    <div className="field-form">
      {fields.map((field) => (
        <Field
          key={field.name}
          field={readOnly ? { ...field, readOnly: true } : field}
          record={record}
          onChange={change}
          error={errors[field.name]}
        />
      ))}
    </div>
  );
}
