/** Field names and lists of the seminar windows (spec 001 §3, §6). */
/** Spec 001 §6: the Lehrgang types of verband 2. */
export const LEHRGANG_TYPEN = [
  'Steuerberater',
  'Steuerfachwirte',
  'Fachassistent Lohn- und Gehalt',
  'Steuerfachangestellte',
] as const;

/** The seminar-invitation PDF data (spec 001 §3); the optional texts are on while they are a string. */
export const PDF_FELDER = ['seminar_titel', 'dozent_image_url', 'zahlungsweise'] as const;
export const PDF_TEXTE = [
  'subtitle',
  'headline',
  'einfuehrung',
  'themenuebersicht',
  'sonstiges',
  'header_field',
  'gebuehr_hinweis',
  'zahlungs_hinweis',
] as const;
export const PDF = 'data.seminareinladung_pdf';
/** The pdf-vorlage type of invitation templates (spec 001 §7). */
export const EINLADUNGS_VORLAGE = 'Seminareinladung-Vorlage';
