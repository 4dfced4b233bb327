/**
 * Builds the answered records from result rows. A record assembled property by property with
 * computed keys turns into a slow "dictionary" object in V8 after 16 properties, which then costs
 * twice: building it and JSON.stringify-ing it (`bench/row-builder.mjs`: an 8-row answer of 60
 * columns takes about three times as long). So each record shape gets a function with one object
 * literal of its properties, compiled once per shape and kept (at most SHAPES_KEPT of them).
 */
import type { FieldOutput, Shape, Slot, ToManyLoad } from './query/read-plan';
import type { Row } from './resource-definition';

export type RawRow = Record<string, unknown>;
type Pending = Map<ToManyLoad, Row[]>;
type Builder = (raw: RawRow, slots: Slot[], pending: Pending) => Row;

/** Distinct shapes come from the resources, their includes and chosen attributes: a few hundred. */
const SHAPES_KEPT = 500;

const compiled = new Map<string, Builder>();
const ofShape = new WeakMap<Shape, Builder>();

/** A to-many slot starts empty; loadMany fills it for all records of the page at once. */
function register(row: Row, load: ToManyLoad, pending: Pending): void {
  const parents = pending.get(load);
  if (parents) parents.push(row);
  else pending.set(load, [row]);
}

/** One record of `shape` from a result row; to-many slots are registered in `pending`. */
export function buildRow(raw: RawRow, shape: Shape, pending: Pending): Row {
  let builder = ofShape.get(shape);
  if (!builder) {
    builder = builderFor(shape);
    ofShape.set(shape, builder);
  }
  return builder(raw, shape.slots, pending);
}

function builderFor(shape: Shape): Builder {
  const signature = shape.slots
    .map(
      (slot) =>
        `${slot.kind}:${slot.key}:${slot.kind === 'column' ? `${slot.alias}:${slot.column.readsAsStored}` : ''}`,
    )
    .join('\n');
  let builder = compiled.get(signature);
  if (!builder) {
    if (compiled.size >= SHAPES_KEPT) compiled.clear();
    builder = compile(shape.slots);
    compiled.set(signature, builder);
  }
  return builder;
}

/** The keys are entity property names from the metadata, the aliases the plan's own: no input. */
function compile(slots: Slot[]): Builder {
  const q = JSON.stringify;
  const properties = slots.map((slot, i) => {
    if (slot.kind === 'column')
      return slot.column.readsAsStored
        ? `${q(slot.key)}: raw[${q(slot.alias)}]`
        : `${q(slot.key)}: slots[${i}].column.hydrate(raw[${q(slot.alias)}])`;
    if (slot.kind === 'one')
      return `${q(slot.key)}: raw[slots[${i}].shape.idAlias] == null ? null : buildRow(raw, slots[${i}].shape, pending)`;
    return `${q(slot.key)}: []`;
  });
  const registrations = slots.flatMap((slot, i) =>
    slot.kind === 'many' ? [`register(row, slots[${i}].load, pending);`] : [],
  );
  const body = `return function build(raw, slots, pending) {
    const row = { ${properties.join(',\n')} };
    ${registrations.join('\n')}
    return row;
  };`;
  return new Function('buildRow', 'register', body)(buildRow, register) as Builder;
}

/**
 * One group or distinct row: its fields, a field along to-one associations nested in their
 * objects as in a record with includes (`Ort.name` → `{Ort: {name}}`), and a group's `count`.
 */
export function buildFieldRow(raw: RawRow, fields: FieldOutput[], countAlias?: string): Row {
  const row: Row = {};
  for (const { path, alias, column } of fields) {
    let target = row;
    for (const name of path.slice(0, -1)) target = (target[name] ??= {}) as Row;
    target[path[path.length - 1]] = column.hydrate(raw[alias]);
  }
  if (countAlias) row.count = Number(raw[countAlias]);
  return row;
}
