/**
 * What one context announces and others listen to (issue 27: cross-context writes as events).
 * Published inside the announcing transaction; listeners write in that same transaction, so the
 * announcement and what follows from it commit or roll back together.
 */

/** Where a booking points: a seminar directly, or through one of its events. */
export interface BuchungsZiel {
  veranstaltung_id: number | null;
  veranstaltung_event_id: number | null;
}

/**
 * Billing wrote, cancelled, re-opened or removed booking transactions: the objects they named
 * before and after. `geloescht`: a transaction about to be deleted (still stored when announced).
 */
export interface BuchungGeaendert {
  ziele: BuchungsZiel[];
  geloescht?: number;
}

/**
 * Billing cancelled or deleted a booking (`aktiv: false`), or lifted its cancellation
 * (`aktiv: true`). `vorgang_id` names the booking by the first version of its chain (every version
 * carries the same voucher); `gutschein_code` is the voucher it redeemed, null without one.
 */
export interface BuchungAktiv {
  vorgang_id: number;
  gutschein_code: string | null;
  aktiv: boolean;
  /** Who did it, for the audit entries listeners write (null for system jobs). */
  actor: { id: number; name: string } | null;
}

/**
 * Seminars saved a seminar or one of its events (new or changed): what announces it — the automatic
 * newsletters (issue 31) — looks at it again.
 */
export interface TerminGespeichert {
  veranstaltung_id: number;
  veranstaltung_event_id: number | null;
}

/**
 * Billing deleted the last invoices it kept for these Benutzer after their retention ended (issue
 * 34), with their payment options: what membership kept because those invoices named it may go.
 */
export interface AufbewahrungBeendet {
  benutzer_ids: number[];
}

/** Every event by name. */
export interface Ereignisse {
  'buchung.geaendert': BuchungGeaendert;
  'buchung.aktiv': BuchungAktiv;
  'termin.gespeichert': TerminGespeichert;
  'aufbewahrung.beendet': AufbewahrungBeendet;
}

/** The announcement of a booking row `t` ending (`aktiv: false`) or being taken up again. */
export const buchungAktiv = (
  t: { id: number; first_id?: number | null; data?: Record<string, unknown> | null },
  aktiv: boolean,
  actor: BuchungAktiv['actor'],
): BuchungAktiv => ({
  vorgang_id: t.first_id ?? t.id,
  gutschein_code: typeof t.data?.gutschein_code === 'string' ? t.data.gutschein_code : null,
  aktiv,
  actor,
});

/** The target of a transaction row (its other fields ignored). */
export const buchungsZiel = (t: {
  veranstaltung_id?: unknown;
  veranstaltung_event_id?: unknown;
}): BuchungsZiel => ({
  veranstaltung_id: typeof t.veranstaltung_id === 'number' ? t.veranstaltung_id : null,
  veranstaltung_event_id: typeof t.veranstaltung_event_id === 'number' ? t.veranstaltung_event_id : null,
});
