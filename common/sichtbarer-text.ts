/**
 * Whether a text shows anything. Staff can type or paste characters that take no room: control
 * characters and the default-ignorable ones (zero-width space and joiners U+200B–U+200D, word
 * joiner U+2060, byte order mark U+FEFF, soft hyphen, direction marks, variation selectors,
 * Hangul fillers), and the blank Braille pattern. A name made of them looks empty in every list
 * and letter. Shared by the server's rules and the client's screens, so both judge alike.
 */
const UNSICHTBAR = /[\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** The text without invisible characters and surrounding white space; '' for none. */
export function sichtbarerText(text: string | null | undefined): string {
  return (text ?? '').replace(UNSICHTBAR, '').trim();
}

/** At least one visible character. */
export function hatSichtbarenText(text: string | null | undefined): boolean {
  return sichtbarerText(text) !== '';
}
