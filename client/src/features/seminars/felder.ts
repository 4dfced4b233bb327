/**
 * Sub-fields of a record's JSON columns ('data.lehrgang', 'kosten.raum',
 * 'data.seminareinladung_pdf.subtitle') edited as fields of their own in the seminar windows.
 */
import { readPath } from '../../resources/values';
import type { Row } from '../../resources/types';

const istObjekt = (wert: unknown): wert is Row =>
  typeof wert === 'object' && wert !== null && !Array.isArray(wert);

/** The record with each dotted name of `namen` readable as a field of its own. */
export function mitUnterfeldern(record: Row, namen: readonly string[]): Row {
  const unter = namen.filter((name) => name.includes('.')).map((name) => [name, readPath(record, name)]);
  return { ...record, ...Object.fromEntries(unter) };
}

function setzen(objekt: Row, pfad: string[], wert: unknown): Row {
  const [kopf, ...rest] = pfad;
  const kopie: Row = { ...objekt };
  if (rest.length > 0) kopie[kopf] = setzen(istObjekt(objekt[kopf]) ? objekt[kopf] : {}, rest, wert);
  else if (wert === null || wert === undefined) delete kopie[kopf];
  else kopie[kopf] = wert;
  return kopie;
}

/**
 * A form change with dotted fields set into copies of their JSON objects; a null value removes
 * the key (an optional text of the invitation PDF is switched on by being a string, spec 001 §3).
 */
export function einfalten(record: Row, patch: Row): Row {
  const ergebnis: Row = {};
  for (const [name, wert] of Object.entries(patch)) {
    const [spalte, ...pfad] = name.split('.');
    if (pfad.length === 0) {
      ergebnis[name] = wert;
      continue;
    }
    const basis = ergebnis[spalte] ?? record[spalte];
    ergebnis[spalte] = setzen(istObjekt(basis) ? basis : {}, pfad, wert);
  }
  return ergebnis;
}

/** Spec 001 §6: the Lehrgang types of verband 2. */
export const LEHRGANG_TYPEN = [
  'Steuerberater',
  'Steuerfachwirte',
  'Fachassistent Lohn- und Gehalt',
  'Steuerfachangestellte',
] as const;

/** The seminar-invitation PDF data (spec 001 §3); the optional texts are on while they are a string. */
export const PDF_FELDER = ['seminar_titel', 'dozent_image_url', 'zahlungsweise'] as const;
export const PDF_TEXTE = [
  'subtitle',
  'headline',
  'einfuehrung',
  'themenuebersicht',
  'sonstiges',
  'header_field',
  'gebuehr_hinweis',
  'zahlungs_hinweis',
] as const;
export const PDF = 'data.seminareinladung_pdf';
/** The pdf-vorlage type of invitation templates (spec 001 §7). */
export const EINLADUNGS_VORLAGE = 'Seminareinladung-Vorlage';
