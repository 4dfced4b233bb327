/**
 * The edit rules of a Benutzer while staff type (spec 000 §4), on the rules the server applies
 * on save (common/benutzer.ts is shared by both, so they cannot drift apart).
 */
import { folgeAnrede, folgtBenutzername, type NamensFelder } from '../../../../common/benutzer';

export { automatischeAnrede, BERUFE_VERBAND_2, TITEL_VORSCHLAEGE } from '../../../../common/benutzer';

export interface BenutzerFelder extends NamensFelder {
  anrede?: string | null;
  kennnummer?: string | null;
  benutzername?: string | null;
}

/** Applies a change: the anrede follows firma/titel/gender while automatic, the benutzername the kennnummer. */
export function applyBenutzerChange<T extends BenutzerFelder>(before: T, patch: Partial<T>): T {
  const after = { ...before, ...patch };
  if (['firma', 'titel', 'gender'].some((key) => key in patch) && !('anrede' in patch)) {
    after.anrede = folgeAnrede(before.anrede, before, after);
  }
  if (folgtBenutzername(before, patch)) after.benutzername = patch.kennnummer ?? null;
  return after;
}
