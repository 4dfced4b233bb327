/**
 * Issue 18: a long request never blocks the event loop. In the default setup (SQLite, in-process
 * queue) the invoices of a summary are mailed — one PDF each, rendered on the event loop — while
 * staff keep listing Benutzer: the p99 of those list calls stays under 100 ms, and the
 * batch ends with its progress at every invoice. The invoice run before it, one transaction on
 * SQLite's one connection, shows its progress while it runs. The data is entered through HTTP as
 * staff do.
 *
 * LANGE_ARBEIT_RECHNUNGEN sets the number of invoices. The suite runs 200 by default: entering
 * 1 000 members through HTTP takes about 3.5 minutes on the CI machine (2 cores). Measured once
 * with 1 000 (2026-11-25, 2 cores under a load of 6–8 from other work): the batch 45 s (22 PDF/s),
 * 1 289 list calls beside it with p50 11.7 ms, p99 45.5 ms, max 80 ms.
 */
import { performance } from 'node:perf_hooks';
import type request from 'supertest';
import { seminarMitBuchungen } from '../support/abrechnung-daten';
import type { Stand } from '../support/auftrag';
import { auftragLaeuft, bericht, listenDaneben } from '../support/listen-abrufe';
import { startTestApp, type TestApp } from '../support/test-app';

const RECHNUNGEN = Number(process.env.LANGE_ARBEIT_RECHNUNGEN ?? 200);
const P99_GRENZE_MS = 100;
const TIMEOUT = 900_000;

describe('long work beside list calls (SQLite, in-process queue)', () => {
  let t: TestApp;
  let agent: request.Agent;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    agent = await t.login();
  }, TIMEOUT);
  afterAll(() => t?.close(), TIMEOUT);

  /** Polls the job until it ended; answers its last state and the progress seen on the way. */
  const abwarten = async (auftrag: { name: string; id: string }) => {
    const unterwegs: NonNullable<Stand['fortschritt']>[] = [];
    for (;;) {
      const stand = (await agent.get(`/node/api/auftraege/${auftrag.name}/${auftrag.id}`).expect(200))
        .body as Stand;
      if (stand.zustand === 'completed' || stand.zustand === 'failed') return { stand, unterwegs };
      if (stand.fortschritt) unterwegs.push(stand.fortschritt);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it(
    `mails ${RECHNUNGEN} invoices while a concurrent list call's p99 stays under ${P99_GRENZE_MS} ms`,
    async () => {
      const aufbau = performance.now();
      const { seminar } = await seminarMitBuchungen(agent, RECHNUNGEN);
      // The export runs the invoice run first and gathers its invoices into one summary.
      const exportiert = await agent
        .post('/node/api/rw-abrechnung')
        .set('Prefer', 'respond-async')
        .send({ category: 'seminare', category_id: seminar })
        .expect(202);
      const { stand: abrechnung, unterwegs } = await abwarten(exportiert.body.auftrag);
      expect(abrechnung).toMatchObject({ zustand: 'completed', ergebnis: { all: RECHNUNGEN } });
      // The run holds SQLite's one connection in its transaction; the polls still saw it move.
      expect(unterwegs.some((f) => f.erledigt > 0 && f.erledigt < f.gesamt)).toBe(true);
      const aufbauSekunden = (performance.now() - aufbau) / 1000;

      const start = performance.now();
      const gestartet = await agent
        .post(`/node/api/rw-abrechnung/${(abrechnung.ergebnis as { id: number }).id}/rechnungenEmail`)
        // As a job from the start: a quick machine may mail them within the usual wait of 1 s.
        .set('Prefer', 'respond-async')
        .expect(202);
      const { name, id } = gestartet.body.auftrag as { name: string; id: string };
      const staende: Stand[] = [];
      const gemessen = await listenDaneben(
        agent,
        auftragLaeuft(agent, () => ({ name, id }), staende),
        {
          limit: 25,
          order: JSON.stringify([['id', 'DESC']]),
        },
      );
      const batchSekunden = (performance.now() - start) / 1000;
      const stand = staende[staende.length - 1];
      const fortschritte = staende.flatMap((s) => (s.fortschritt ? [s.fortschritt.erledigt] : []));

      expect(stand).toEqual({
        name,
        id,
        zustand: 'completed',
        fortschritt: { erledigt: RECHNUNGEN, gesamt: RECHNUNGEN, schritt: 'Rechnungen werden versendet' },
        ergebnis: { message: 'Email erfolgreich versendet', versendet: RECHNUNGEN, bereits: 0 },
      });
      // The progress was seen growing, not only at the end.
      expect(new Set(fortschritte).size).toBeGreaterThan(2);
      // Beside the list calls' times, how long the event loop itself was held: on a machine busy
      // with other work, the calls also wait for the CPU, which is not the batch's doing.
      bericht(
        `${RECHNUNGEN} Rechnungen per Email in ${batchSekunden.toFixed(1)} s ` +
          `(${(RECHNUNGEN / batchSekunden).toFixed(1)} PDF/s; Aufbau ${aufbauSekunden.toFixed(0)} s)`,
        gemessen,
        { grenzeMs: P99_GRENZE_MS, mindestens: 100 },
      );
    },
    TIMEOUT,
  );
});
