import { Column, ColumnOptions } from 'typeorm';
import { moneyTransformer } from '../../../platform/database/columns';

/**
 * A number with two decimals that is not money (hours, VAT rates in percent): DECIMAL(p,2),
 * read back as a number on both engines (rounded through hundredths like money, never as a float sum).
 */
export function Decimal2Column(precision: number, options: ColumnOptions = {}) {
  return Column({
    type: 'decimal',
    precision,
    scale: 2,
    nullable: true,
    transformer: moneyTransformer,
    ...options,
  });
}
