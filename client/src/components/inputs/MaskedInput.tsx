/** A text input that lays typed digits into a mask ('#' = digit) and commits only complete, valid values. */
import { InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { applyMask } from '../../lib/masks';

export interface MaskedInputProps extends Omit<InputGroupProps, 'value' | 'onChange'> {
  mask: string;
  /** The committed value as text in the mask's form ('' when empty). */
  text: string;
  /** Returns the value for complete text, or null when it is not valid. */
  parse(text: string): string | null;
  onCommit(value: string | null): void;
}

export function MaskedInput({ mask, text, parse, onCommit, ...rest }: MaskedInputProps) {
  // A draft belongs to the value it was typed over; a new value from outside replaces it.
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(null);
  const change = (raw: string) => {
    const masked = applyMask(raw, mask);
    setDraft({ text: masked, base: text });
    if (masked === '') onCommit(null);
    else if (masked.length === mask.length && parse(masked) !== null) onCommit(parse(masked));
  };
  return (
    <InputGroup
      placeholder={mask.replace(/#/g, '_')}
      {...rest}
      value={draft && draft.base === text ? draft.text : text}
      onChange={(e) => change(e.target.value)}
      // Incomplete or invalid text falls back to the last valid value.
      onBlur={() => setDraft(null)}
    />
  );
}
