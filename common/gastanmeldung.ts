/**
 * Whether a guest registration was taken over (issue 28): it names its Benutzer, or staff marked it
 * so. The server refuses a second takeover by it; the list offers the action by it.
 */
export const istUebernommen = (gast: { status?: unknown; benutzer_id?: unknown }): boolean =>
  gast.status === 'uebernommen' || (gast.benutzer_id !== null && gast.benutzer_id !== undefined);
