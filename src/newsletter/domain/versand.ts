/**
 * The rules of a dispatch (issue 15) for one recipient row (newsletter_versand): its states, what a
 * failed delivery leads to, and the Message-ID that names the mail of one dispatch to one recipient.
 */
import { createHash } from 'node:crypto';
import { berlinWandzeit } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';

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

/**
 * How long a claimed row may show no sign of life before its run counts as dead (a killed worker):
 * a living run renews its claims several times within it (application/lebenszeichen.ts).
 */
export const CLAIM_TIMEOUT_MS = 15_000;

/**
 * Writes of a mail's outcome after the SMTP answer: a failed one (deadlock, database away for a
 * moment) is written again after a pause doubling from 100 ms up to 5 s, about 20 s in all; only
 * then is the mail's claim given up and the mail sent once more.
 */
export const SCHREIBVERSUCHE = 9;
export const schreibpause = (versuch: number) => Math.min(5000, 100 * 2 ** (versuch - 1));

/** A row not done yet, with the times that say when it is due again. */
export interface Wartezeile {
  status: string;
  naechster_versuch: Date | null;
  updatedAt: Date;
}

/**
 * When the rows left over become due: the earliest retry or the expiry of a claim still running,
 * never before `jetzt` — and `jetzt` when none is left, as other jobs may finish them between the
 * count that found them and this look (an empty minimum would be an invalid date).
 */
export function naechsterLauf(rows: readonly Wartezeile[], claimTimeoutMs: number, jetzt: Date): Date {
  if (rows.length === 0) return jetzt;
  const zeiten = rows.map((row) =>
    row.status === VERSAND_STATUS.sending
      ? row.updatedAt.getTime() + claimTimeoutMs
      : (row.naechster_versuch?.getTime() ?? jetzt.getTime()),
  );
  return new Date(Math.max(jetzt.getTime(), Math.min(...zeiten)));
}

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

/**
 * What of a dispatch may be deleted (issue 31): only one whose recipients were not laid down yet.
 * Once they are, it is sending or sent, and its per-recipient log stays as long as its newsletter:
 * it can be stopped („Versand anhalten“), not deleted. The generic API, the list's trash icon (the
 * resource's deletableWhen) and „Unversendete Dispatcher löschen“ all follow this condition.
 */
export const LOESCHBAR = { versendet: false, empfaenger_time: null } as const;
export const NICHT_LOESCHBAR =
  'Ein Versand, der begonnen hat oder versendet ist, kann nicht gelöscht werden; er kann angehalten werden („Versand anhalten“).';

export const keineFehlgeschlagenen = (dispatcherId: number) =>
  DomainError.conflict(
    'KEINE_FEHLGESCHLAGENEN',
    `Der Versand ${dispatcherId} hat keine fehlgeschlagenen Empfänger, die erneut gesendet werden könnten.`,
  );
export const dispatcherFehlt = (dispatcherId: number) =>
  DomainError.notFound('DISPATCHER_FEHLT', `Der Versand ${dispatcherId} wurde nicht gefunden.`);
export const schonVersendet = (dispatcherId: number) =>
  DomainError.conflict(
    'VERSAND_ABGESCHLOSSEN',
    `Der Versand ${dispatcherId} ist abgeschlossen und kann nicht angehalten oder fortgesetzt werden.`,
  );

/** Made by the automation (spec 002 §6) or by staff: the Art of the Versendete list. */
export function dispatcherTyp(autoDispatcher: boolean): 'auto' | 'manuell' {
  return autoDispatcher ? 'auto' : 'manuell';
}

/** What the Info column of a dispatch needs to know about it. */
export interface DispatcherStand {
  versendet: boolean;
  /** Stopped by staff („Versand anhalten“) until resumed. */
  angehalten?: boolean;
  versand_time: Date | string | null;
  total: number;
  sent: number;
  failed: number;
}

const berlinZeit = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The Info of a dispatch in the lists (spec 003 §3, issue 32), one sentence from its state,
 * whoever created it (staff through the API, the automation, the demo data) and whatever step it
 * is at: planned, sending (counted by the worker), sent with how many failed.
 */
export function dispatcherInfo(stand: DispatcherStand): string {
  const fehler = stand.failed ? `, ${stand.failed} fehlgeschlagen` : '';
  if (stand.versendet) return `${stand.sent} von ${stand.total} E-Mails versendet${fehler}`;
  if (stand.angehalten) return `Angehalten: ${stand.sent} von ${stand.total} E-Mails versendet${fehler}`;
  if (stand.total > 0) return `Wird versendet: ${stand.sent} von ${stand.total} E-Mails versendet${fehler}`;
  if (!stand.versand_time) return 'Noch nicht geplant';
  return `Versand geplant für ${berlinZeit.format(new Date(stand.versand_time)).replace(',', '')} Uhr`;
}

/** Where the rows of a dispatch still waiting stand (issue 31), counted by the store. */
export interface Wartestand {
  /** Being sent by a worker that shows signs of life. */
  inArbeit: number;
  /** Claimed by a worker whose claim showed no sign of life for the claim timeout. */
  verloren: number;
  /** Waiting for a send job, due now. */
  faellig: number;
  /** Put off to a retry after a temporary refusal. */
  spaeter: number;
  naechsterVersuch: Date | null;
  /** The SMTP answer of the latest temporary refusal. */
  letzteAntwort: string | null;
}

/**
 * Why the rows of a dispatch wait, as sentences for the dispatcher view (issue 31): stopped by
 * staff, a worker lost, retries at a time with the server's answer, being sent, due.
 */
export function wartegruende(stand: Wartestand, angehalten: boolean): string[] {
  const gruende: string[] = [];
  const wartend = stand.faellig + stand.spaeter + stand.verloren;
  if (angehalten && wartend)
    gruende.push(`Der Versand ist angehalten: ${wartend} Empfänger warten, bis er fortgesetzt wird.`);
  if (stand.verloren)
    gruende.push(
      `${stand.verloren} Empfänger hatte ein Worker übernommen, der nicht mehr antwortet (abgestürzt oder beendet); sie werden gleich erneut versendet.`,
    );
  if (stand.spaeter && stand.naechsterVersuch) {
    const antwort = stand.letzteAntwort ? ` (Antwort des Mailservers: „${stand.letzteAntwort}“)` : '';
    const uhrzeit = berlinWandzeit(stand.naechsterVersuch).uhrzeit.slice(0, 5);
    gruende.push(
      `${stand.spaeter} Empfänger hat der Mailserver vorübergehend abgewiesen${antwort}; nächster Versuch um ${uhrzeit} Uhr.`,
    );
  }
  if (stand.inArbeit) gruende.push(`${stand.inArbeit} E-Mails werden gerade gesendet.`);
  if (stand.faellig && !angehalten) gruende.push(`${stand.faellig} Empfänger warten auf den Versand.`);
  return gruende;
}
