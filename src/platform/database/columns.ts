/**
 * Column decorators shared by every entity, so that money, JSON and timestamps are typed the same
 * way everywhere (DESIGN.md §4). Property names are the spec's field names and equal the column names.
 */
import {
  Column,
  ColumnOptions,
  CreateDateColumn,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  RelationOptions,
  UpdateDateColumn,
  VersionColumn,
  ValueTransformer,
} from 'typeorm';
import { centsToEuros, eurosToCents } from '../../shared/money';

/** DECIMAL(12,2) in the database, a euro number in JSON; rounded through integer cents, never float sums. */
export const moneyTransformer: ValueTransformer = {
  to: (value: unknown) =>
    value === null || value === undefined || value === ''
      ? value
      : (eurosToCents(Number(value)) / 100).toFixed(2),
  from: (value: unknown) =>
    value === null || value === undefined ? value : centsToEuros(eurosToCents(Number(value))),
};

export function MoneyColumn(options: ColumnOptions = {}) {
  return Column({ type: 'decimal', precision: 12, scale: 2, transformer: moneyTransformer, ...options });
}

/** Whether a column was declared with MoneyColumn (the resource metadata calls it 'money'). */
export function isMoneyColumn(column: { transformer?: unknown }): boolean {
  return column.transformer === moneyTransformer;
}

/** A JSON object or list, stored as text on both engines. */
export function JsonColumn(options: ColumnOptions = {}) {
  return Column({ type: 'simple-json', nullable: true, ...options });
}

/** A calendar date without time (YYYY-MM-DD). */
export function DateOnlyColumn(options: ColumnOptions = {}) {
  return Column({ type: 'date', nullable: true, ...options });
}

export function DateTimeColumn(options: ColumnOptions = {}) {
  return Column({ type: 'datetime', nullable: true, ...options });
}

export function CreatedAt() {
  return CreateDateColumn({ type: 'datetime' });
}

export function UpdatedAt() {
  return UpdateDateColumn({ type: 'datetime' });
}

/**
 * The edit version: 1 on insert, raised by every TypeORM update. A save that carries an older
 * version than the stored one is refused (ResourceWriter), so concurrent edits are not lost.
 */
export function Version() {
  return VersionColumn({ type: 'int', default: 1 });
}

/** Rounds like money but is a separate instance, so that only MoneyColumn counts as money (isMoneyColumn). */
const hundredthsTransformer: ValueTransformer = { ...moneyTransformer };

/**
 * A number with two decimals that is not money (hours, VAT rates in percent): DECIMAL(p,2), read
 * back as a number on both engines, rounded through hundredths like money.
 */
export function Decimal2Column(precision: number, options: ColumnOptions = {}) {
  return Column({
    type: 'decimal',
    precision,
    scale: 2,
    nullable: true,
    transformer: hundredthsTransformer,
    ...options,
  });
}

type Target = Parameters<typeof ManyToOne>[0];

/**
 * An association over the column `column`, named as the spec names it. Constraints come from the
 * migrations only, so the entity never declares one.
 */
export function ManyToOneVia(
  target: Target,
  column: string,
  options: RelationOptions = {},
): PropertyDecorator {
  const relation = ManyToOne(target, { createForeignKeyConstraints: false, ...options });
  const join = JoinColumn({ name: column });
  return (prototype, property) => {
    relation(prototype, property);
    join(prototype, property);
  };
}

/** A many-to-many association through the link table `table` (this side's and the target's id columns). */
export function ManyToManyVia(
  target: Target,
  table: string,
  ownColumn: string,
  targetColumn: string,
): PropertyDecorator {
  const relation = ManyToMany(target, { createForeignKeyConstraints: false });
  const join = JoinTable({
    name: table,
    joinColumn: { name: ownColumn },
    inverseJoinColumn: { name: targetColumn },
  });
  return (prototype, property) => {
    relation(prototype, property);
    join(prototype, property);
  };
}
