/**
 * Sub-fields of a record's JSON columns ('data.lehrgang', 'kosten.raum',
 * 'data.seminareinladung_pdf.subtitle') edited as fields of their own, in every window that has
 * them (groups, seminars, newsletter templates, news, websites).
 */
import type { Row } from './types';
import { readPath } from './values';

const istObjekt = (wert: unknown): wert is Row =>
  typeof wert === 'object' && wert !== null && !Array.isArray(wert);

/** The record with each dotted name of `namen` readable as a field of its own. */
export function mitUnterfeldern(record: Row, namen: readonly string[]): Row {
  const unter = namen.filter((name) => name.includes('.')).map((name) => [name, readPath(record, name)]);
  return { ...record, ...Object.fromEntries(unter) };
}

function setzen(objekt: Row, pfad: string[], wert: unknown, loeschen: (wert: unknown) => boolean): Row {
  const [kopf, ...rest] = pfad;
  const kopie: Row = { ...objekt };
  if (rest.length > 0)
    kopie[kopf] = setzen(istObjekt(objekt[kopf]) ? objekt[kopf] : {}, rest, wert, loeschen);
  else if (loeschen(wert)) delete kopie[kopf];
  else kopie[kopf] = wert;
  return kopie;
}

/**
 * A form change with dotted fields set into copies of their JSON objects; a null value removes
 * the key, and with `leerLoescht` an empty text too. (An optional text of the seminar invitation
 * is switched on by being a string, even an empty one: spec 001 §3.)
 */
export function einfalten(record: Row, patch: Row, { leerLoescht = false } = {}): Row {
  const loeschen = (wert: unknown) => wert === null || wert === undefined || (leerLoescht && wert === '');
  const ergebnis: Row = {};
  for (const [name, wert] of Object.entries(patch)) {
    const [spalte, ...pfad] = name.split('.');
    if (pfad.length === 0) {
      ergebnis[name] = wert;
      continue;
    }
    const basis = ergebnis[spalte] ?? record[spalte];
    ergebnis[spalte] = setzen(istObjekt(basis) ? basis : {}, pfad, wert, loeschen);
  }
  return ergebnis;
}

/** The record with every key of its `data` object as a 'data.key' field. */
export function mitDaten(record: Row): Row {
  const data = istObjekt(record.data) ? record.data : {};
  return mitUnterfeldern(
    record,
    Object.keys(data).map((key) => `data.${key}`),
  );
}

/** A form change with 'data.key' fields folded back into `data`; an emptied key is dropped. */
export const alsDaten = (record: Row, patch: Row): Row => einfalten(record, patch, { leerLoescht: true });
