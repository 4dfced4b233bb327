/**
 * What a save of a Benutzer must keep true (spec 000 §4): derived names, the automatic anrede,
 * benutzername following kennnummer, Freigabe only for employees, and who may be an employer.
 */
import { DomainError } from '../../shared/domain-error';
import {
  ansprache,
  anzeigename,
  folgeAnrede,
  folgtBenutzername,
  NamensFelder,
  sortname,
} from '../../../common/benutzer';
import { hatSichtbarenText } from '../../../common/sichtbarer-text';

export interface BenutzerStand extends NamensFelder {
  id?: number;
  anrede?: string | null;
  kennnummer?: string | null;
  benutzername?: string | null;
  parent_id?: number | null;
  freigabe?: boolean;
}

export interface AbgeleiteteFelder {
  anrede: string;
  anzeigename: string;
  ansprache: string;
  sortname: string;
  benutzername: string | null;
  freigabe: boolean;
}

/**
 * The fields a save writes on top of what staff entered. `vorher` is the stored record (empty for a
 * new one), `eingabe` the values sent; the result is computed from both, merged.
 */
export function ableiten(vorher: BenutzerStand, eingabe: BenutzerStand): AbgeleiteteFelder {
  const nachher: BenutzerStand = { ...vorher, ...eingabe };
  // The anrede follows firma/titel/gender only while it is untouched in this save.
  const anredeEingegeben = 'anrede' in eingabe && eingabe.anrede !== vorher.anrede;
  const anrede = anredeEingegeben ? (eingabe.anrede ?? '') : folgeAnrede(vorher.anrede, vorher, nachher);
  const benutzernameFolgt = folgtBenutzername(vorher, eingabe);
  const mitAnrede = { ...nachher, anrede };
  return {
    anrede,
    anzeigename: anzeigename(nachher),
    ansprache: ansprache(mitAnrede),
    sortname: sortname(nachher),
    benutzername: benutzernameFolgt ? (nachher.kennnummer ?? null) : (nachher.benutzername ?? null),
    // Freigabe (independent booking as an employee) exists only for employees.
    freigabe: nachher.parent_id ? Boolean(nachher.freigabe) : false,
  };
}

/**
 * The employer link rules: not oneself, only top-level users employ (spec 000 §4, §5), and a
 * user who has employees of their own stays top-level (else those would hang two levels deep).
 */
export function pruefeArbeitgeber(
  benutzerId: number | undefined,
  arbeitgeber: { id: number; parent_id: number | null } | null,
  hatMitarbeiter = false,
): void {
  if (!arbeitgeber) return;
  if (benutzerId !== undefined && arbeitgeber.id === benutzerId) {
    throw DomainError.conflict('SELBST_ZUGEORDNET', 'Benutzer kann nicht sich selbst zugeordnet werden!');
  }
  if (arbeitgeber.parent_id !== null) {
    throw DomainError.conflict(
      'ARBEITGEBER_IST_MITARBEITER',
      'Als Arbeitgeber kommen nur Benutzer ohne eigenen Arbeitgeber in Frage.',
    );
  }
  if (hatMitarbeiter) {
    throw DomainError.conflict(
      'ARBEITGEBER_HAT_MITARBEITER',
      'Ein Benutzer mit eigenen Mitarbeitern kann nicht selbst Mitarbeiter werden.',
    );
  }
}

/**
 * A Benutzer is a person or a company: it needs a Nachname or a Firma (issue 17) with at least one
 * visible character (issue 26: a zero-width space alone names nobody). Returns the field errors of
 * the record as it will be stored, or null.
 */
export function fehlendeAngaben(nachher: NamensFelder): Record<string, string> | null {
  if (hatSichtbarenText(nachher.nachname) || hatSichtbarenText(nachher.firma)) return null;
  return { nachname: 'oder „Firma“ muss angegeben sein' };
}

/**
 * A debtor number names one Benutzer: the DATEV export lists each number once and the DATEV
 * import finds the Benutzer by it. `inhaber` is another (not erased) Benutzer holding `nummer`;
 * answers the field error, or null when there is none.
 */
export function debitorNummerVergeben(
  nummer: number,
  inhaber: { id: number; name: string } | null,
): Record<string, string> | null {
  if (!inhaber) return null;
  return { debitor_nr: `${nummer} ist bereits an „${inhaber.name}“ (Nr. ${inhaber.id}) vergeben` };
}
