/**
 * Port: the stored state of newsletter dispatches (issue 15) — a dispatcher and its recipient rows
 * (newsletter_versand). The dispatch use case (versand.ts) decides; this port only reads and writes,
 * each method one statement or one transaction, so that the at-most-once claim holds however many
 * workers use it at once.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { VERSAND_STATUS, Wartestand } from '../../domain/versand';

export type VersandStatus = (typeof VERSAND_STATUS)[keyof typeof VERSAND_STATUS];

export interface VersandDispatcher {
  id: number;
  newsletter_id: number;
  versand_time: Date | null;
  versendet: boolean;
  /** When its recipients became rows; null until then (set once, see `empfaengerAnlegen`). */
  empfaenger_time: Date | null;
  /** Stopped by staff: no send job claims its rows until it is resumed. */
  angehalten: boolean;
}

/** A recipient row as a send job sees it once it claimed the row. */
export interface VersandZeile {
  id: number;
  benutzer_id: number | null;
  email: string;
  /** Delivery tries made so far. */
  versuche: number;
}

/** A recipient of a dispatch: who, at which address. */
export interface VersandEmpfaenger {
  benutzer_id: number | null;
  email: string;
}

/** What became of a claimed row: its new state and what goes with it. */
export interface Abschluss {
  status: VersandStatus;
  fehler: string | null;
  versandflag?: boolean;
  versanddatum?: string;
  versanduhrzeit?: string;
  naechster_versuch?: Date;
}

/** A row still waiting (offen) or being sent, with the times that say when it is due again. */
export interface UnerledigteZeile {
  status: VersandStatus;
  naechster_versuch: Date | null;
  updatedAt: Date;
}

/** Whom a recipient row of which dispatch wrote to (what its links and unsubscribe refer to). */
export interface Empfang {
  newsletter_id: number | null;
  newsletter_dispatcher_id: number;
  benutzer_id: number | null;
}

/** A followed link of a sent mail, at Berlin wall-clock time. */
export interface Klick {
  datum: string;
  uhrzeit: string;
  newsletter_id: number | null;
  dispatcher_id: number;
  benutzer_id: number | null;
  url: string;
}

export interface Zaehlung {
  total: number;
  sent: number;
  failed: number;
}

/**
 * The fields of the rows the port answers, so that every adapter answers the same shapes: a
 * store reads these, nothing more (an adapter's `felder(…)` turns a list into its selection).
 */
export const FELDER = {
  dispatcher: ['id', 'newsletter_id', 'versand_time', 'versendet', 'empfaenger_time', 'angehalten'],
  zeile: ['id', 'benutzer_id', 'email', 'versuche'],
  unerledigt: ['status', 'naechster_versuch', 'updatedAt'],
} as const satisfies {
  dispatcher: readonly (keyof VersandDispatcher)[];
  zeile: readonly (keyof VersandZeile)[];
  unerledigt: readonly (keyof UnerledigteZeile)[];
};

/** The fields `felder` of `row`, as the port answers them. */
export const nur = <T, K extends keyof T>(row: T, felder: readonly K[]): Pick<T, K> =>
  Object.fromEntries(felder.map((feld) => [feld, row[feld]])) as Pick<T, K>;

export abstract class VersandSpeicher {
  abstract dispatcher(id: number): Promise<VersandDispatcher | null>;
  /** The planned dispatchers not sent yet. */
  abstract offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]>;
  /** Notes on the dispatcher why it cannot send (staff see it in the dispatcher list). */
  abstract fehlerVermerken(dispatcherId: number, fehler: string): Promise<void>;
  /**
   * Deletes, in one transaction and audited, the dispatchers of a newsletter that may be deleted
   * (domain/versand.ts LOESCHBAR: their recipients not laid down yet); answers how many.
   */
  abstract unversendeteLoeschen(newsletterId: number, actor: Actor | null): Promise<number>;

  /**
   * Makes these recipients the claimable rows of the dispatch, once: in one transaction, a write
   * guarded by the dispatcher's unset `empfaenger_time` sets it to `jetzt`, and only the call whose
   * write changed it adds the rows (of two planned jobs expanding the dispatcher at once, one does).
   * Answers whether this call added them.
   */
  abstract empfaengerAnlegen(
    dispatcherId: number,
    newsletterId: number,
    empfaenger: VersandEmpfaenger[],
    jetzt: Date,
  ): Promise<boolean>;

  /** Up to `anzahl` claimable rows due at `jetzt`, lowest first. */
  abstract faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<VersandZeile[]>;
  /**
   * Claims one row for one mail, in one write guarded by the state it was read in: still
   * claimable, due at `jetzt` and with the same tries (a row another run took, or tried meanwhile
   * and put off to a later retry, stays as it is). Answers whether this claim holds it.
   */
  abstract beanspruchen(zeile: VersandZeile, claim: string, jetzt: Date): Promise<boolean>;
  /**
   * Records the outcome of row `id` if this claim still holds it (being sent, or given up for dead
   * but not claimed again): one more try, the claim released. Answers whether the row changed.
   */
  abstract abschliessen(claim: string, id: number, abschluss: Abschluss, jetzt: Date): Promise<boolean>;
  /** The sign of life of a living run: its claims of this dispatcher are renewed to `jetzt`. */
  abstract lebenszeichen(dispatcherId: number, claims: string[], jetzt: Date): Promise<void>;
  /**
   * Rows being sent whose last sign of life was at or before `vor` belonged to a dead run and are
   * claimable again; they keep that claim, so that its late record still counts until another run
   * claims them.
   */
  abstract verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void>;

  /**
   * Makes the failed rows of a dispatch claimable again as new (no tries, no answer, no retry
   * time) and the dispatch unfinished, in one transaction, audited; answers how many rows.
   */
  abstract fehlgeschlageneFreigeben(dispatcherId: number, actor: Actor | null): Promise<number>;
  /**
   * Stops (`angehalten` true) or resumes a dispatch not finished yet, audited; answers whether it
   * changed (false when it was finished or already so).
   */
  abstract anhalten(dispatcherId: number, angehalten: boolean, actor: Actor | null): Promise<boolean>;

  /** The number of rows in each state. */
  abstract stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>>;
  /**
   * Where the waiting rows stand at `jetzt`: claims with a sign of life after `verlorenVor` are
   * in work, older ones lost; rows due, rows put off to a retry (the earliest, the latest answer).
   */
  abstract wartestand(dispatcherId: number, verlorenVor: Date, jetzt: Date): Promise<Wartestand>;
  /** The rows still waiting or being sent. */
  abstract unerledigte(dispatcherId: number): Promise<UnerledigteZeile[]>;
  /** Adds a batch's outcomes to the counters of a dispatcher still sending. */
  abstract zaehlen(dispatcherId: number, versendet: number, fehlgeschlagen: number): Promise<void>;
  /** Writes the counters (the dispatcher's progress bar). */
  abstract zaehlungSchreiben(dispatcherId: number, zaehlung: Zaehlung): Promise<void>;
  /**
   * Marks the dispatcher sent with these final counters, and its newsletter sent, in one
   * transaction; once only (a second call changes nothing).
   */
  abstract beenden(dispatcherId: number, zaehlung: Zaehlung, jetzt: Date): Promise<void>;

  /** The recipient row `versandId`, null when there is none. */
  abstract empfang(versandId: number): Promise<Empfang | null>;
  /** Records a click (statistik-newsletter). */
  abstract klickVermerken(klick: Klick): Promise<void>;
  /** Records that the recipient of row `versandId` unsubscribed through it (the first time counts). */
  abstract abmeldungVermerken(versandId: number, zeit: Date): Promise<void>;
}
