/**
 * For the schema specs: the fields of a body schema that a refusal would name by their raw name,
 * because neither the body's labels nor the vocabulary know them (issue 27: every message names
 * the field by its German label).
 */
import type { z } from 'zod';
import { feldLabel, type Beschriftung } from './zod-body';

/** The field names a schema declares, through wrappers, pipes, unions and lists. */
function felder(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const innen = (name: string) => felder(def[name] as z.core.$ZodType);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([feld, wert]) => [
        feld,
        ...felder(wert),
      ]);
    case 'array':
      return innen('element');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return innen('innerType');
    case 'pipe':
      return [...innen('in'), ...innen('out')];
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap(felder);
    default:
      return [];
  }
}

export function unbeschriftet(schema: z.core.$ZodType, beschriftung: Beschriftung): string[] {
  return [...new Set(felder(schema))].filter((feld) => feldLabel(feld, beschriftung) === undefined);
}
