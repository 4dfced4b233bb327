/**
 * Merging duplicates (spec 000 §4, §8): the obsolete record goes, everything pointing at it moves
 * to the staying one. For users staff choose per field whether to take the obsolete value.
 */
import { NICHT_VERGLICHEN, NIE_UEBERNOMMEN } from '../../../common/benutzer';
import { quotedLabels } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';

export interface Zusammenfuehrung {
  staying_id: number;
  obsolete_id: number;
  take: string[];
}

/**
 * The rules of a merge request whose ids and field names the HTTP schema checked: not a record
 * with itself, and only fields that are compared and may be taken (none where the resource has
 * no choice).
 */
export function pruefeAuftrag(
  auftrag: Zusammenfuehrung,
  felder: readonly string[],
  mitTake: boolean,
): Zusammenfuehrung {
  if (auftrag.staying_id === auftrag.obsolete_id) {
    throw DomainError.conflict(
      'MERGE_SELBST',
      'Ein Eintrag kann nicht mit sich selbst zusammengeführt werden.',
    );
  }
  const take = mitTake ? auftrag.take : [];
  const unbekannt = take.filter(
    (f) => !felder.includes(f) || NICHT_VERGLICHEN.includes(f) || NIE_UEBERNOMMEN.includes(f),
  );
  if (unbekannt.length > 0) {
    throw DomainError.invalid(
      'MERGE_TAKE',
      `Diese Felder können nicht übernommen werden: ${quotedLabels('benutzer', unbekannt)}.`,
    );
  }
  return { ...auftrag, take };
}

/** The values the staying user gets from the obsolete one. */
export function uebernommeneWerte(
  obsolete: Record<string, unknown>,
  take: string[],
): Record<string, unknown> {
  return Object.fromEntries(take.map((f) => [f, obsolete[f] ?? null]));
}

/** Merging contact records (e-mails, addresses, accounts) stays within one Benutzer. */
export function pruefeGleicherBenutzer(
  staying: { benutzer_id: number },
  obsolete: { benutzer_id: number },
): void {
  if (staying.benutzer_id !== obsolete.benutzer_id) {
    throw DomainError.conflict(
      'MERGE_ANDERER_BENUTZER',
      'Es können nur Einträge desselben Benutzers zusammengeführt werden.',
    );
  }
}

/** A merge that touches a staff account (either side) is an administrator's (issue 26). */
export function pruefeMitarbeiterZusammenfuehrung(istAdmin: boolean): void {
  if (!istAdmin) {
    throw new DomainError('NUR_ADMIN', 'Nur Administratoren dürfen Mitarbeiter zusammenführen.', 'forbidden');
  }
}

/**
 * An erased Benutzer (Löschung auf Wunsch, issue 34) is merged with no one: its kept invoices would
 * become another person's, and their retention end would erase that person's data with them.
 */
export function pruefeNichtGeloescht(
  staying: { id: number; geloescht_am: string | null },
  obsolete: { id: number; geloescht_am: string | null },
): void {
  const geloescht = [staying, obsolete].find((b) => b.geloescht_am);
  if (geloescht)
    throw DomainError.conflict(
      'MERGE_GELOESCHT',
      `Benutzer ${geloescht.id} wurde am ${geloescht.geloescht_am} auf Wunsch gelöscht und kann nicht zusammengeführt werden: seine aufbewahrten Rechnungen bleiben bei ihm.`,
    );
}
