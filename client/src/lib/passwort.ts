import { passwortFehler } from '../../../common/passwort';

/** The checks of a new password before it is sent (spec 000 §5, spec 003 §5; the rules of issue 17). */
export function passwortProblem(password: string, repeat: string): string | undefined {
  if (password === '') return 'Bitte ein Passwort eingeben!';
  if (password !== repeat) return 'Passwörter stimmen nicht überein!';
  return passwortFehler(password) ?? undefined;
}
