/** Spec 001 §6: the Lehrgang types of verband 2. */
export const LEHRGANG_TYPEN = [
  'Steuerberater',
  'Steuerfachwirte',
  'Fachassistent Lohn- und Gehalt',
  'Steuerfachangestellte',
] as const;

/** Where a seminar keeps its invitation data (spec 001 §3). */
export const PDF = 'data.seminareinladung_pdf';
