#!/usr/bin/env node
/**
 * Why src/platform/resources/row-builder.ts compiles one object literal per record shape: the
 * same 8-row answer of 60 columns built property by property (computed keys: V8 turns the record
 * into a dictionary object after 16 properties) and by the compiled builder, each then
 * JSON.stringify-ed as the API answers it. Prints µs per answer.
 *
 *   npm run build:server && node bench/row-builder.mjs [--dist dist]
 */
import { distDir, distLoader, parseArgs } from './api/lib.mjs';

const dist = distDir(parseArgs().value('--dist', undefined));
const { buildRow } = distLoader(dist)('src/platform/resources/row-builder.js');

const slots = Array.from({ length: 60 }, (_, i) => ({
  kind: 'column',
  key: `feld_${i}`,
  alias: `c${i}`,
  column: { hydrate: (v) => v },
}));
const shape = { slots, idAlias: 'c0' };
const raw = Object.fromEntries(slots.map((s, i) => [s.alias, i % 3 ? `Text ${i}` : i]));

function propertyByProperty() {
  const row = {};
  for (const slot of slots) row[slot.key] = slot.column.hydrate(raw[slot.alias]);
  return row;
}

const ways = {
  'Eigenschaft für Eigenschaft': propertyByProperty,
  'kompiliertes Literal': () => buildRow(raw, shape, new Map()),
};
const answers = 50_000;
for (let round = 0; round < 2; round++) {
  for (const [name, build] of Object.entries(ways)) {
    const started = process.hrtime.bigint();
    let bytes = 0;
    for (let i = 0; i < answers; i++) bytes += JSON.stringify(Array.from({ length: 8 }, build)).length;
    const us = Number(process.hrtime.bigint() - started) / 1e3 / answers;
    if (round === 1)
      console.log(`${name.padEnd(30)} ${us.toFixed(1)} µs je Antwort (${bytes / answers} Bytes)`);
  }
}
