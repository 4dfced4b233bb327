/**
 * How a Benutzer is addressed and listed (spec 000 §1, §3, §4). Pure functions shared by the
 * server's membership domain and the client's edit window, so both apply the very same rules.
 */
import { hatSichtbarenText } from './sichtbarer-text';

export interface NamensFelder {
  firma?: string | null;
  gender?: 'male' | 'female' | null;
  titel?: string | null;
  vorname?: string | null;
  nachname?: string | null;
}

const clean = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** A Benutzer with a visible firma is a legal person (juristisch); otherwise natural (natürlich). */
export function istJuristisch(b: NamensFelder): boolean {
  return hatSichtbarenText(b.firma);
}

/** The automatic salutation; for natural persons the title is appended. */
export function automatischeAnrede(b: NamensFelder): string {
  if (istJuristisch(b)) return 'Sehr geehrte Damen und Herren';
  const base =
    b.gender === 'male'
      ? 'Sehr geehrter Herr'
      : b.gender === 'female'
        ? 'Sehr geehrte Frau'
        : 'Sehr geehrte(r)';
  return clean(base, b.titel);
}

/**
 * The anrede after firma, titel or gender changed: recomputed only while it is empty or still
 * equals the automatic text of the previous values, so a hand-written salutation survives.
 */
export function folgeAnrede(
  anrede: string | null | undefined,
  vorher: NamensFelder,
  nachher: NamensFelder,
): string {
  const current = anrede?.trim() ?? '';
  if (current === '' || current === automatischeAnrede(vorher)) return automatischeAnrede(nachher);
  return current;
}

/** The opening line of a letter: 'Sehr geehrter Herr Dr. Müller', or the anrede alone for companies. */
export function ansprache(b: NamensFelder & { anrede?: string | null }): string {
  const anrede = b.anrede?.trim() || automatischeAnrede(b);
  return istJuristisch(b) || !b.nachname?.trim() ? anrede : clean(anrede, b.nachname);
}

export function anzeigename(b: NamensFelder): string {
  return istJuristisch(b) ? b.firma!.trim() : clean(b.titel, b.vorname, b.nachname);
}

export function sortname(b: NamensFelder): string {
  if (istJuristisch(b)) return b.firma!.trim();
  return [b.nachname?.trim(), b.vorname?.trim()].filter(Boolean).join(', ');
}

/**
 * The benutzername follows a change of kennnummer while it equalled the old kennnummer, unless
 * this very change sets a benutzername of its own.
 */
export function folgtBenutzername(
  vorher: { kennnummer?: string | null; benutzername?: string | null },
  eingabe: { kennnummer?: string | null; benutzername?: string | null },
): boolean {
  return (
    'kennnummer' in eingabe &&
    !('benutzername' in eingabe && eingabe.benutzername !== vorher.benutzername) &&
    (vorher.benutzername || null) === (vorher.kennnummer || null)
  );
}

/** Suggestions for the titel field. */
export const TITEL_VORSCHLAEGE = ['Dr.', 'Prof.', 'Prof. Dr.'];

/** Profession options for verband 2. */
export const BERUFE_VERBAND_2 = [
  'Sonstige',
  'StB/StBin',
  'StB/vBP/-in',
  'StB/WP/-in',
  'StB/RA/-in',
  'StB/RB/-in',
  'WP/WPin',
  'RA/RAin',
  'RA/vBP/-in',
  'RA/WP/-in',
  'RA/FAStR/-in',
  'Steuerbevollmächtigte/r',
  'Steuerfachwirt/in',
  'Steuerfachangestellte/r',
];

/** Merging users: identity, derived names, the data object, timestamps and verband are not compared or taken. */
export const NICHT_VERGLICHEN: readonly string[] = [
  'id',
  'ansprache',
  'anzeigename',
  'sortname',
  'data',
  'createdAt',
  'updatedAt',
  'version',
  'verband',
];

/**
 * Merging never takes these from the obsolete user (issue 26): the staff account of the staying user
 * is changed only by its own routes, so no one obtains a login, a password or the admin right by
 * merging a record into another.
 */
export const NIE_UEBERNOMMEN: readonly string[] = [
  'password',
  'atr_verband_admin',
  'atr_verband_mitarbeiter',
  'benutzername',
];
