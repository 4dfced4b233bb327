/**
 * What a download can belong to (spec 000 §3), the resource its `relation_id` points into, and the
 * categories that fit (spec 001 §9, spec 002 §2). The upload refuses other combinations and the
 * form offers only these, so both read this one table.
 */
const SEMINAR_KATEGORIEN = ['Skript', 'Fax-Anmeldung', 'Inhaltsverzeichnis', 'Sonstiges'] as const;

export const DOWNLOAD_BEZUEGE: Readonly<Record<string, { resource: string; kategorien: readonly string[] }>> =
  {
    Veranstaltung: { resource: 'veranstaltung', kategorien: SEMINAR_KATEGORIEN },
    'Veranstaltung-Event': { resource: 'veranstaltung-event', kategorien: SEMINAR_KATEGORIEN },
    'Veranstaltung-Inhalt': { resource: 'veranstaltung-inhalt', kategorien: SEMINAR_KATEGORIEN },
    'Veranstaltung-Referent': { resource: 'veranstaltung-referent', kategorien: ['Bild', 'Sonstiges'] },
    'Veranstaltung-Ort': { resource: 'veranstaltung-ort', kategorien: ['Anfahrtsskizze', 'Sonstiges'] },
    Newsletter: { resource: 'newsletter', kategorien: SEMINAR_KATEGORIEN },
    News: { resource: 'news', kategorien: ['Bild', 'Anhang', 'Sonstiges'] },
  };

/** The relation's entry, or undefined for anything that is no relation (also 'toString' and the like). */
export function downloadBezug(
  relation: unknown,
): { resource: string; kategorien: readonly string[] } | undefined {
  return typeof relation === 'string' && Object.prototype.hasOwnProperty.call(DOWNLOAD_BEZUEGE, relation)
    ? DOWNLOAD_BEZUEGE[relation]
    : undefined;
}
