/**
 * The edit rules of a Benutzer in the edit window (spec 000 §4). The server keeps the same rules in
 * src/membership/domain; the client may not import server code, so the few lines live here too.
 */
export interface BenutzerFelder {
  firma?: string | null;
  gender?: 'male' | 'female' | null;
  titel?: string | null;
  anrede?: string | null;
  kennnummer?: string | null;
  benutzername?: string | null;
}

/** Firma set → companies; otherwise by gender, with the title appended for natural persons. */
export function automatischeAnrede(b: BenutzerFelder): string {
  if (b.firma?.trim()) return 'Sehr geehrte Damen und Herren';
  const base =
    b.gender === 'male'
      ? 'Sehr geehrter Herr'
      : b.gender === 'female'
        ? 'Sehr geehrte Frau'
        : 'Sehr geehrte(r)';
  return [base, b.titel?.trim()].filter(Boolean).join(' ');
}

/**
 * Applies a change to a Benutzer: the anrede follows firma, titel and gender while it is empty or
 * still the automatic text; the benutzername follows the kennnummer while it equals it.
 */
export function applyBenutzerChange<T extends BenutzerFelder>(before: T, patch: Partial<T>): T {
  const after = { ...before, ...patch };
  const namesChanged = ['firma', 'titel', 'gender'].some((key) => key in patch);
  if (namesChanged && !('anrede' in patch)) {
    const current = before.anrede?.trim() ?? '';
    if (current === '' || current === automatischeAnrede(before)) after.anrede = automatischeAnrede(after);
  }
  if (
    'kennnummer' in patch &&
    !('benutzername' in patch) &&
    (before.benutzername ?? '') === (before.kennnummer ?? '')
  ) {
    after.benutzername = patch.kennnummer ?? null;
  }
  return after;
}

/** Profession options for verband 2 (spec 000 §3). */
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

export const TITEL_VORSCHLAEGE = ['Dr.', 'Prof.', 'Prof. Dr.'];
