/** A labelled text or password input; the one shape the login page and the password dialogs share. */
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  invalid?: boolean;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  invalid,
}: TextFieldProps) {
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup
        id={id}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        value={value}
        intent={invalid ? Intent.DANGER : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormGroup>
  );
}
