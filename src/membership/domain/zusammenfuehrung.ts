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

export function pruefeAuftrag(input: unknown, felder: readonly string[], mitTake: boolean): Zusammenfuehrung {
  const body = (input ?? {}) as Record<string, unknown>;
  const staying = Number(body.staying_id);
  const obsolete = Number(body.obsolete_id);
  if (!Number.isInteger(staying) || staying <= 0 || !Number.isInteger(obsolete) || obsolete <= 0) {
    throw DomainError.invalid(
      'MERGE_IDS',
      'Bitte den bleibenden und den zu entfernenden Eintrag angeben (staying_id, obsolete_id).',
    );
  }
  if (staying === obsolete) {
    throw DomainError.conflict(
      'MERGE_SELBST',
      'Ein Eintrag kann nicht mit sich selbst zusammengeführt werden.',
    );
  }
  const take = mitTake ? (body.take ?? []) : [];
  if (!Array.isArray(take) || take.some((f) => typeof f !== 'string')) {
    throw DomainError.invalid('MERGE_TAKE', '"take" muss eine Liste von Feldnamen sein.');
  }
  const unbekannt = (take as string[]).filter(
    (f) => !felder.includes(f) || NICHT_VERGLICHEN.includes(f) || NIE_UEBERNOMMEN.includes(f),
  );
  if (unbekannt.length > 0) {
    throw DomainError.invalid(
      'MERGE_TAKE',
      `Diese Felder können nicht übernommen werden: ${quotedLabels('benutzer', unbekannt)}.`,
    );
  }
  return { staying_id: staying, obsolete_id: obsolete, take: take as string[] };
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
