/**
 * Staff listing Benutzer while long work runs: the list calls' times, the event loop's delay
 * meanwhile, and the report both reliability suites print and check.
 */
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import type request from 'supertest';
import type { Stand } from './auftrag';

/** How often the job's state is asked for: the time between is filled with the list calls measured. */
export const STAND_ABSTAND_MS = 250;

export const perzentil = (werte: number[], p: number) => {
  const sortiert = [...werte].sort((a, b) => a - b);
  return sortiert[Math.min(sortiert.length - 1, Math.ceil((p / 100) * sortiert.length) - 1)];
};

export interface Gemessen {
  dauern: number[];
  schleife: IntervalHistogram;
}

/** Lists Benutzer as staff do while `laeuft` answers true. */
export async function listenDaneben(
  agent: request.Agent,
  laeuft: () => Promise<boolean>,
  query: Record<string, unknown> = { limit: 25 },
): Promise<Gemessen> {
  const schleife = monitorEventLoopDelay({ resolution: 10 });
  schleife.enable();
  const dauern: number[] = [];
  do {
    const vorher = performance.now();
    const liste = await agent.get('/node/api/benutzer').query(query);
    dauern.push(performance.now() - vorher);
    expect(liste.status).toBe(200);
    expect(liste.body).toHaveLength(25);
    // Not a tight loop, but often enough that a batch of a few seconds meets 100 calls or more.
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while (await laeuft());
  schleife.disable();
  return { dauern, schleife };
}

/**
 * A `laeuft` for listenDaneben that asks for the job's state only every STAND_ABSTAND_MS: a p99
 * of fewer than 100 calls would be the one slowest call. `auftrag` resolves once the job was
 * accepted; every state seen goes to `gesehen`.
 */
export function auftragLaeuft(
  agent: request.Agent,
  auftrag: () => { name: string; id: string } | undefined,
  gesehen: Stand[],
): () => Promise<boolean> {
  let gefragt = 0;
  return async () => {
    const job = auftrag();
    if (!job || performance.now() - gefragt < STAND_ABSTAND_MS) return true;
    gefragt = performance.now();
    const stand = (await agent.get(`/node/api/auftraege/${job.name}/${job.id}`).expect(200)).body as Stand;
    gesehen.push(stand);
    return stand.zustand !== 'completed' && stand.zustand !== 'failed';
  };
}

/**
 * Lists Benutzer beside `lauf` (one piece of work, answering a `laeuft` for it), starting it again
 * each time it ends, until at least `mindestens` list calls ran beside the work. A p99 over fewer
 * than 100 calls is the one slowest call, which on a shared machine may be one stall of the disk
 * rather than the work's doing; over 200 calls it is the third slowest.
 */
export async function listenNebenWiederholt(
  agent: request.Agent,
  lauf: () => () => Promise<boolean>,
  mindestens: number,
): Promise<Gemessen & { laeufe: number }> {
  let laeuft = lauf();
  let laeufe = 1;
  let abrufe = 0;
  const gemessen = await listenDaneben(agent, async () => {
    abrufe += 1;
    if (await laeuft()) return true;
    if (abrufe >= mindestens) return false;
    laeuft = lauf();
    laeufe += 1;
    return true;
  });
  return { ...gemessen, laeufe };
}

/** Prints what was measured and checks the p99 against `grenzeMs` over at least `mindestens` calls. */
export function bericht(
  was: string,
  { dauern, schleife }: Gemessen,
  { grenzeMs, mindestens }: { grenzeMs: number; mindestens: number },
) {
  const p99 = perzentil(dauern, 99);
  console.log(
    `${was}; ${dauern.length} Listenabrufe daneben: p50 ${perzentil(dauern, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${Math.max(...dauern).toFixed(1)} ms; Event-Loop-Verzögerung ` +
      `p99 ${(schleife.percentile(99) / 1e6).toFixed(1)} ms, max ${(schleife.max / 1e6).toFixed(1)} ms`,
  );
  expect(dauern.length).toBeGreaterThanOrEqual(mindestens);
  expect(p99).toBeLessThan(grenzeMs);
}
