/** An amount in German display, e.g. 1.234,50 € (spec 000 §9). */
import { formatAmount } from '../../lib/format';

export function Amount({ value }: { value: number | string | null | undefined }) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatAmount(value)}</span>
  );
}
