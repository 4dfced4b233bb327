/**
 * The rules of a dispatch (issue 15) for one recipient row (newsletter_versand): its states, what a
 * failed delivery leads to, and the Message-ID that names the mail of one dispatch to one recipient.
 */
import { createHash } from 'node:crypto';

/**
 * offen → sending (claimed by exactly one send job) → versendet | fehler; a temporary failure puts
 * the row back to offen with a later naechster_versuch.
 */
export const VERSAND_STATUS = {
  offen: 'offen',
  sending: 'sending',
  versendet: 'versendet',
  fehler: 'fehler',
} as const;

/** Only rows in this state may be claimed; the claim is one UPDATE guarded by it. */
export const BEANSPRUCHBAR = VERSAND_STATUS.offen;

/** A dispatch is done when no row is still waiting or being sent. */
export const UNERLEDIGT = [VERSAND_STATUS.offen, VERSAND_STATUS.sending] as const;

/** Tries per recipient before a temporary failure counts as final. */
export const MAX_VERSUCHE = 5;

/** Mails per SMTP connection in one batch: enough to keep each connection busy between claims. */
export const MAILS_JE_VERBINDUNG = 10;

export interface Sendetakt {
  /** Rows one send job claims and sends at once. */
  batch: number;
  /** At most `max` send jobs start per `durationMs`, across all workers; absent → no limit. */
  limiter?: { max: number; durationMs: number };
}

/**
 * How send jobs pace a dispatch: a batch fills the SMTP pool's `verbindungen` connections, and with
 * a rate (mails per second, all workers together) no batch is larger than one second's worth and
 * batches start no more often than the rate allows.
 */
export function sendetakt(verbindungen: number, ratePerSecond?: number): Sendetakt {
  const voll = Math.max(1, Math.floor(verbindungen)) * MAILS_JE_VERBINDUNG;
  if (!ratePerSecond) return { batch: voll };
  const batch = Math.max(1, Math.min(voll, Math.floor(ratePerSecond)));
  return { batch, limiter: { max: 1, durationMs: Math.ceil((batch * 1000) / ratePerSecond) } };
}

export type Fehlerfolge =
  | { status: typeof VERSAND_STATUS.fehler; fehler: string }
  | { status: typeof VERSAND_STATUS.offen; wartenMs: number };

/**
 * What a failed delivery leads to: a refusal for good (SMTP 5xx) or the last allowed try marks the
 * row failed with the server's answer; anything else is tried again after backoff · 2^(try−1).
 * `versuche` counts the tries made, this one included.
 */
export function fehlerfolge(
  fehler: { permanent: boolean; message: string },
  versuche: number,
  backoffMs: number,
): Fehlerfolge {
  if (fehler.permanent || versuche >= MAX_VERSUCHE)
    return { status: VERSAND_STATUS.fehler, fehler: fehler.message };
  return { status: VERSAND_STATUS.offen, wartenMs: backoffMs * 2 ** (versuche - 1) };
}

/**
 * The Message-ID of the mail of dispatcher `dispatcherId` to one recipient: the same on every try,
 * so that a resend after an ambiguous crash can be recognised, and without the address in clear.
 */
export function versandMessageId(
  dispatcherId: number,
  empfaenger: { benutzer_id: number | null; email: string },
  absenderAdresse: string | null | undefined,
): string {
  const domain = absenderAdresse?.split('@')[1]?.trim() || 'newsletter.invalid';
  const adresse = createHash('sha256')
    .update(empfaenger.email.trim().toLowerCase())
    .digest('hex')
    .slice(0, 16);
  return `<newsletter.${dispatcherId}.${empfaenger.benutzer_id ?? 0}.${adresse}@${domain}>`;
}
