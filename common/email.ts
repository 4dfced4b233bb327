/** A plausible e-mail address (one @, a dotted domain, no spaces); the mail server has the last word. */
export function emailFehler(email: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim()) ? null : 'E-Mail-Adresse ist ungültig.';
}
