/** An instant entered as a German date and a 24 h time in Europe/Berlin (spec 000 §5, §9). */
import { berlinDateTime, berlinInstant } from '../../lib/format';
import { DateInput } from './DateInput';
import { TimeInput } from './TimeInput';

export interface DateTimeInputProps {
  value: string | null | undefined;
  onChange(value: string | null): void;
  disabled?: boolean;
  id?: string;
}

export function DateTimeInput({ value, onChange, disabled, id }: DateTimeInputProps) {
  const [date, time] = value ? berlinDateTime(value) : [null, null];
  // A date without a time means the start of the day; clearing the date clears the instant.
  const set = (nextDate: string | null, nextTime: string | null) =>
    onChange(nextDate ? berlinInstant(nextDate, nextTime ?? '00:00').toISOString() : null);
  return (
    <div className="date-time-input">
      <DateInput id={id} value={date} onChange={(next) => set(next, time)} disabled={disabled} />
      <TimeInput
        id={id && `${id}-zeit`}
        value={time}
        onChange={(next) => set(date, next)}
        disabled={disabled || !date}
      />
    </div>
  );
}
