/** Time entry ##:## in 24 h (spec 000 §5); value 'HH:mm'. */
import { MaskedInput } from './MaskedInput';
import { parseTime, TIME_MASK } from '../../lib/masks';

export interface TimeInputProps {
  value: string | null | undefined;
  onChange(value: string | null): void;
  disabled?: boolean;
  id?: string;
}

export function TimeInput({ value, onChange, disabled, id }: TimeInputProps) {
  const text = value ? value.slice(0, 5) : '';
  return (
    <MaskedInput
      id={id}
      mask={TIME_MASK}
      text={text}
      parse={parseTime}
      onCommit={onChange}
      disabled={disabled}
      leftIcon="time"
    />
  );
}
