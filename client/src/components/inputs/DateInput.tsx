/** German date entry (spec 000 §5): masked ##.##.#### plus a Blueprint date picker; value YYYY-MM-DD. */
import { Button, PopoverNext } from '@blueprintjs/core';
import { DatePicker } from '@blueprintjs/datetime';
import { de } from 'date-fns/locale';
import { useState } from 'react';
import { DATE_MASK, formatGermanDate, parseGermanDate } from '../../lib/masks';
import { MaskedInput } from './MaskedInput';

export interface DateInputProps {
  value: string | null | undefined;
  onChange(value: string | null): void;
  disabled?: boolean;
  id?: string;
}

const toIso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function toDate(iso: string | null | undefined): Date | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

export function DateInput({ value, onChange, disabled, id }: DateInputProps) {
  const [open, setOpen] = useState(false);
  const picker = (
    <DatePicker
      locale={de}
      value={toDate(value)}
      minDate={new Date(1900, 0, 1)}
      maxDate={new Date(new Date().getFullYear() + 10, 11, 31)}
      highlightCurrentDay
      onChange={(date, isUserChange) => {
        if (!isUserChange) return;
        onChange(date ? toIso(date) : null);
        setOpen(false);
      }}
    />
  );
  return (
    <MaskedInput
      id={id}
      mask={DATE_MASK}
      text={formatGermanDate(value)}
      parse={parseGermanDate}
      onCommit={onChange}
      disabled={disabled}
      rightElement={
        <PopoverNext
          content={picker}
          isOpen={open}
          onInteraction={setOpen}
          placement="bottom-end"
          disabled={disabled}
        >
          <Button variant="minimal" icon="calendar" aria-label="Datum wählen" disabled={disabled} />
        </PopoverNext>
      }
    />
  );
}
