/** Number entry of spec 000 §5: German comma, non-numeric → empty, clamped and rounded when left. */
import { InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { formatNumberInput, parseNumberInput, type NumberRule } from '../../lib/number';

export interface NumberInputProps
  extends NumberRule, Omit<InputGroupProps, 'value' | 'onChange' | 'min' | 'max' | 'step'> {
  value: number | null | undefined;
  onChange(value: number | null): void;
}

export function NumberInput({
  value,
  onChange,
  min,
  max,
  decimals,
  grouping,
  step,
  ...rest
}: NumberInputProps) {
  // The text is local while typing; the committed value is the parsed one.
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    onChange(parseNumberInput(text, { min, max, decimals, grouping, step }));
    setText(null);
  };
  return (
    <InputGroup
      inputMode="decimal"
      {...rest}
      value={text ?? formatNumberInput(value, decimals, grouping)}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
