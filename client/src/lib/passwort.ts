/** The checks of a new password before it is sent (spec 000 §5, spec 003 §5). */
export function passwortProblem(password: string, repeat: string): string | undefined {
  if (password === '') return 'Bitte ein Passwort eingeben!';
  if (password !== repeat) return 'Passwörter stimmen nicht überein!';
  return undefined;
}
