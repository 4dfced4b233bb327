/**
 * Long work for staff (DESIGN.md §4: invoice runs, batch PDFs, CSV comparisons, refills) as jobs on
 * the queue port. The HTTP call that starts one waits briefly: a quick case answers its result as
 * before, a long one answers 202 with `{ auftrag: { name, id } }`, and the screen polls
 * `GET /node/api/auftraege/:name/:id` for the progress `{ erledigt, gesamt, schritt? }` the job
 * reports, then for its result or its German failure.
 */
import { setImmediate as naechsteRunde } from 'node:timers/promises';
import { DomainError, type DomainErrorKind } from '../../shared/domain-error';
import { type AddJobOptions, type Job, type JobInfo, JobQueue, type WorkerOptions } from './job-queue';

export interface Fortschritt {
  erledigt: number;
  /** 0 while the amount of work is not known yet. */
  gesamt: number;
  /** What the job does now, in German ("Rechnungen werden ausgestellt"). */
  schritt?: string;
}

/**
 * Reports progress and lets other requests in before the next piece of work: a long loop that
 * calls it per item never blocks the event loop for more than one item.
 */
export type Melder = (erledigt: number, gesamt: number, schritt?: string) => Promise<void>;

/** For the same work called outside a job (the nightly run, tests): reports nothing. */
export const ohneFortschritt: Melder = async () => undefined;

export interface AuftragVerweis {
  name: string;
  id: string;
}

export type Ausgang<R> = { fertig: true; ergebnis: R } | { fertig: false; auftrag: AuftragVerweis };

/** What `GET /node/api/auftraege/:name/:id` answers; never the job's data. */
export interface Auftragsstand {
  name: string;
  id: string;
  zustand: JobInfo['state'];
  fortschritt: Fortschritt | null;
  /** The result, once completed. */
  ergebnis?: unknown;
  /** The German reason, once failed. */
  fehler?: string;
}

/** How long the starting call waits for the result before it answers 202. */
export const WARTEN_MS = 1000;
/** A client may ask for a longer wait (`Prefer: wait=n`), never longer than its own timeout allows. */
export const LAENGSTES_WARTEN_MS = 25_000;
/** Progress is written at most this often (on BullMQ each write is a Redis round trip). */
const MELDE_ABSTAND_MS = 200;

/** Shown instead of a technical failure (a driver's or a bug's message must not reach staff). */
export const UNERWARTETER_FEHLER =
  'Der Auftrag ist unerwartet fehlgeschlagen. Bitte versuchen Sie es erneut; der Fehler wurde protokolliert.';

/** A business refusal inside the job, kept with the progress so that the waiting call can answer it as before. */
interface Ablehnung {
  code: string;
  kind: DomainErrorKind;
  errors?: Record<string, string>;
}
type GespeicherterFortschritt = Fortschritt & { ablehnung?: Ablehnung };

/** Job names that run through Hintergrundauftrag: the only ones the status route answers. */
const bekannteNamen = new Set<string>();

export function istHintergrundauftrag(name: string): boolean {
  return bekannteNamen.has(name);
}

const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One kind of long work. Create it in a provider's constructor and call `registrieren` in its
 * onModuleInit, so that worker processes run it too.
 */
export class Hintergrundauftrag<T, R> {
  constructor(
    private readonly queue: JobQueue,
    readonly name: string,
    /** `auftrag` names this run, for a result that must point back to it (a file to download). */
    private readonly arbeit: (daten: T, melde: Melder, auftrag: AuftragVerweis) => Promise<R>,
    private readonly optionen: Pick<AddJobOptions, 'attempts' | 'backoffMs'> & WorkerOptions = {},
  ) {
    bekannteNamen.add(name);
  }

  registrieren(): void {
    this.queue.register<T>(this.name, (job) => this.ausfuehren(job), {
      concurrency: this.optionen.concurrency,
    });
  }

  /**
   * Queues the work and waits up to `wartenMs` for it: its result, or a reference to poll. A
   * business refusal within that time is thrown as the DomainError it was.
   */
  async starte(daten: T, wartenMs = WARTEN_MS): Promise<Ausgang<R>> {
    const { attempts, backoffMs } = this.optionen;
    const id = await this.queue.add(this.name, daten, { attempts, backoffMs });
    const ende = Date.now() + wartenMs;
    // Short polls first: most runs are small and should answer as fast as before.
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const job = await this.queue.getJob(this.name, id);
      if (job?.state === 'completed') return { fertig: true, ergebnis: job.returnValue as R };
      if (job?.state === 'failed') throw fehlerAus(job);
      const rest = ende - Date.now();
      if (rest <= 0) return { fertig: false, auftrag: { name: this.name, id } };
      await warte(Math.min(pause, rest));
    }
  }

  private async ausfuehren(job: Job<T>): Promise<R> {
    let zuletzt: Fortschritt | null = null;
    let offen = false;
    let geschrieben = 0;
    const melde: Melder = async (erledigt, gesamt, schritt) => {
      const schrittNeu = schritt !== zuletzt?.schritt;
      zuletzt = { erledigt, gesamt, ...(schritt ? { schritt } : {}) };
      offen = true;
      const jetzt = Date.now();
      if (jetzt - geschrieben >= MELDE_ABSTAND_MS || erledigt >= gesamt || schrittNeu) {
        geschrieben = jetzt;
        offen = false;
        await job.progress({ ...zuletzt });
      }
      await naechsteRunde();
    };
    try {
      const ergebnis = await this.arbeit(job.data, melde, { name: this.name, id: job.id });
      // The last count always arrives, however little time passed since the one written before.
      if (offen && zuletzt) await job.progress({ ...(zuletzt as Fortschritt) });
      return ergebnis;
    } catch (error) {
      if (error instanceof DomainError) {
        const ablehnung: Ablehnung = { code: error.code, kind: error.kind, errors: error.errors };
        await job.progress({ ...(zuletzt ?? { erledigt: 0, gesamt: 0 }), ablehnung });
      }
      throw error;
    }
  }
}

function gespeichert(job: JobInfo): GespeicherterFortschritt | null {
  const p = job.progress;
  return typeof p === 'object' && p !== null && typeof p.erledigt === 'number'
    ? (p as unknown as GespeicherterFortschritt)
    : null;
}

/** The failure as the call would have thrown it: the business refusal, else an error the filter hides. */
function fehlerAus(job: JobInfo): Error {
  const ablehnung = gespeichert(job)?.ablehnung;
  if (ablehnung)
    return new DomainError(ablehnung.code, job.failedReason ?? '', ablehnung.kind, ablehnung.errors);
  return new Error(job.failedReason ?? 'Auftrag fehlgeschlagen');
}

/** The job as staff may see it: state, progress, result or German reason. */
export function auftragsstand(job: JobInfo): Auftragsstand {
  const p = gespeichert(job);
  const fortschritt: Fortschritt | null = p
    ? { erledigt: p.erledigt, gesamt: p.gesamt, ...(p.schritt ? { schritt: p.schritt } : {}) }
    : null;
  const stand: Auftragsstand = { name: job.name, id: job.id, zustand: job.state, fortschritt };
  if (job.state === 'completed') stand.ergebnis = job.returnValue ?? null;
  if (job.state === 'failed') stand.fehler = p?.ablehnung ? (job.failedReason ?? '') : UNERWARTETER_FEHLER;
  return stand;
}

/**
 * The wait a request asks for with RFC 7240's `Prefer` header: `respond-async` answers 202 at once
 * (the screens' tests use it), `wait=n` waits up to n seconds; otherwise WARTEN_MS.
 */
export function gewuenschteWartezeit(prefer: string | string[] | undefined): number {
  const werte = (Array.isArray(prefer) ? prefer.join(',') : (prefer ?? ''))
    .split(/[,;]/)
    .map((teil) => teil.trim().toLowerCase());
  if (werte.includes('respond-async')) return 0;
  const wait = werte.map((w) => /^wait=(\d+)$/.exec(w)).find(Boolean);
  return wait ? Math.min(Number(wait[1]) * 1000, LAENGSTES_WARTEN_MS) : WARTEN_MS;
}
