/**
 * The fields of the group window (spec 001 §3): which ones a type and an automatic rule show, and
 * the keys of the group's data object edited as 'data.…' fields next to the columns.
 */
import { autoRegel, type RegelParameter } from '../../../../common/gruppen';
import type { Row } from '../../resources/types';

const DATEN = 'data.';

/** The record with each key of `data` also as a 'data.key' field, for the form. */
export function mitDaten(record: Row): Row {
  const data = (record.data ?? {}) as Row;
  return {
    ...record,
    ...Object.fromEntries(Object.entries(data).map(([key, value]) => [`${DATEN}${key}`, value])),
  };
}

/** A form change with 'data.key' fields folded back into `data`; an emptied key is dropped. */
export function alsDaten(record: Row, patch: Row): Row {
  const rest = Object.entries(patch).filter(([name]) => !name.startsWith(DATEN));
  const daten = Object.entries(patch).filter(([name]) => name.startsWith(DATEN));
  if (daten.length === 0) return patch;
  const data: Row = { ...((record.data ?? {}) as Row) };
  for (const [name, value] of daten) {
    const key = name.slice(DATEN.length);
    if (value === null || value === undefined || value === '') delete data[key];
    else data[key] = value;
  }
  return { ...Object.fromEntries(rest), data };
}

const PARAMETER_FELDER: Record<RegelParameter, string[]> = {
  bezirk: ['verband_bezirk_id'],
  berufe: ['auto_berufsbezeichnungen'],
  jahr: ['data.auto_stb_neuzugelassen_jahr'],
  abo_storno: [
    'data.auto_abo_storno_stichwort',
    'data.auto_abo_storno_date_von',
    'data.auto_abo_storno_date_bis',
  ],
};

/** The fields an automatic rule needs besides its code. */
export function regelFelder(code: unknown): string[] {
  const parameter = autoRegel(typeof code === 'string' ? code : null)?.parameter;
  return parameter ? PARAMETER_FELDER[parameter] : [];
}
