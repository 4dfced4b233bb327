/**
 * Port: the stored state of newsletter dispatches (issue 15) — a dispatcher and its recipient rows
 * (newsletter_versand). The dispatch use case (versand.ts) decides; this port only reads and writes,
 * each method one statement or one transaction, so that the at-most-once claim holds however many
 * workers use it at once.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { VERSAND_STATUS } from '../../domain/versand';

export type VersandStatus = (typeof VERSAND_STATUS)[keyof typeof VERSAND_STATUS];

export interface VersandDispatcher {
  id: number;
  newsletter_id: number;
  versand_time: Date | null;
  versendet: boolean;
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

export abstract class VersandSpeicher {
  abstract dispatcher(id: number): Promise<VersandDispatcher | null>;
  /** The planned dispatchers not sent yet. */
  abstract offeneDispatcher(): Promise<{ id: number; versand_time: Date }[]>;
  /** Notes on the dispatcher why it cannot send (staff see it in the dispatcher list). */
  abstract fehlerVermerken(dispatcherId: number, fehler: string): Promise<void>;
  /**
   * Deletes, in one transaction and audited, the unsent dispatchers of a newsletter of which no
   * row has been claimed, sent or failed yet; answers how many.
   */
  abstract unversendeteLoeschen(newsletterId: number, actor: Actor | null): Promise<number>;

  /** The recipients that already have a row in this dispatch. */
  abstract empfaengerVon(dispatcherId: number): Promise<VersandEmpfaenger[]>;
  /** Adds claimable rows for these recipients. */
  abstract zeilenAnlegen(
    dispatcherId: number,
    newsletterId: number,
    empfaenger: VersandEmpfaenger[],
  ): Promise<void>;

  /** Ids of up to `anzahl` claimable rows due at `jetzt`, lowest first. */
  abstract faellige(dispatcherId: number, jetzt: Date, anzahl: number): Promise<number[]>;
  /**
   * Claims those of `ids` that are STILL claimable, in one guarded write (a row another run took
   * meanwhile stays its), and answers the rows this claim holds — only those are the caller's.
   */
  abstract beanspruchen(
    dispatcherId: number,
    ids: number[],
    claim: string,
    jetzt: Date,
  ): Promise<VersandZeile[]>;
  /**
   * Records the outcome of rows this claim still holds (claimed and being sent): one more try,
   * the claim released. Answers how many rows changed (a claim that expired meanwhile changes none).
   */
  abstract abschliessen(claim: string, ids: number[], abschluss: Abschluss, jetzt: Date): Promise<number>;
  /** Rows claimed at or before `vor` whose run died are claimable again. */
  abstract verfalleneFreigeben(dispatcherId: number, vor: Date): Promise<void>;

  /** The number of rows in each state. */
  abstract stand(dispatcherId: number): Promise<Partial<Record<VersandStatus, number>>>;
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
}
