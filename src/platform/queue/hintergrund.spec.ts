import { DomainError } from '../../shared/domain-error';
import {
  auftragsstand,
  gewuenschteWartezeit,
  Hintergrundauftrag,
  istHintergrundauftrag,
  LAENGSTES_WARTEN_MS,
  UNERWARTETER_FEHLER,
  WARTEN_MS,
  type Melder,
} from './hintergrund';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobInfo } from './job-queue';

describe('Hintergrundauftrag', () => {
  let queue: InProcessJobQueue;
  beforeEach(() => {
    queue = new InProcessJobQueue();
  });
  afterEach(() => queue.close());

  const auftrag = <R>(name: string, arbeit: (daten: { n: number }, melde: Melder) => Promise<R>) => {
    const a = new Hintergrundauftrag(queue, name, arbeit);
    a.registrieren();
    return a;
  };

  it('answers a quick result as it is, and a long one as the job to poll', async () => {
    const schnell = auftrag('schnell', async ({ n }) => n * 2);
    expect(await schnell.starte({ n: 21 })).toEqual({ fertig: true, ergebnis: 42 });
    let weiter!: () => void;
    const lang = auftrag('lang', () => new Promise<void>((resolve) => (weiter = resolve)));
    const ausgang = await lang.starte({ n: 1 }, 30);
    expect(ausgang).toEqual({ fertig: false, auftrag: { name: 'lang', id: expect.any(String) } });
    weiter();
    expect(istHintergrundauftrag('lang')).toBe(true);
    expect(istHintergrundauftrag('gruppen-nachtlauf')).toBe(false);
  });

  it('writes progress at most every 200 ms, but always the last count and every new step', async () => {
    const geschrieben: unknown[] = [];
    const a = new Hintergrundauftrag(queue, 'zaehlen', async (_: { n: number }, melde: Melder) => {
      await melde(0, 0, 'Lesen');
      for (let i = 1; i <= 500; i++) await melde(i, 1000, 'Zählen');
      return 'fertig';
    });
    queue.register<{ n: number }>('zaehlen', (job) =>
      (a as unknown as { ausfuehren(j: typeof job): Promise<unknown> }).ausfuehren({
        ...job,
        progress: async (p) => {
          geschrieben.push(p);
          await job.progress(p);
        },
      }),
    );
    const ausgang = await a.starte({ n: 0 }, 5000);
    expect(ausgang).toEqual({ fertig: true, ergebnis: 'fertig' });
    expect(geschrieben[0]).toEqual({ erledigt: 0, gesamt: 0, schritt: 'Lesen' });
    expect(geschrieben[1]).toEqual({ erledigt: 1, gesamt: 1000, schritt: 'Zählen' });
    expect(geschrieben.at(-1)).toEqual({ erledigt: 500, gesamt: 1000, schritt: 'Zählen' });
    // 500 reports in far less than 200 ms each: only a few were written.
    expect(geschrieben.length).toBeLessThan(20);
  });

  it('lets other work run between two reports', async () => {
    const reihenfolge: string[] = [];
    const a = auftrag('abwechselnd', async (_, melde) => {
      for (let i = 1; i <= 3; i++) {
        reihenfolge.push(`arbeit ${i}`);
        await melde(i, 3);
      }
    });
    const start = a.starte({ n: 0 });
    setImmediate(() => reihenfolge.push('andere Anfrage'));
    await start;
    expect(reihenfolge.indexOf('andere Anfrage')).toBeLessThan(reihenfolge.indexOf('arbeit 3'));
  });

  it('throws a refusal within the wait as the DomainError it was', async () => {
    const a = auftrag('ablehnen', async (_, melde) => {
      await melde(1, 2, 'Versenden');
      throw DomainError.conflict('EMAIL_FEHLER', '1 von 2 Rechnungen versendet');
    });
    const fehler = await a.starte({ n: 0 }).catch((error: unknown) => error);
    expect(fehler).toBeInstanceOf(DomainError);
    expect(fehler).toMatchObject({
      code: 'EMAIL_FEHLER',
      kind: 'conflict',
      message: '1 von 2 Rechnungen versendet',
    });
  });

  it('throws an unexpected failure as a plain error, which the HTTP filter hides', async () => {
    const a = auftrag('kaputt', async () => {
      throw new Error('SQLITE_BUSY: database is locked');
    });
    const fehler = await a.starte({ n: 0 }).catch((error: unknown) => error);
    expect(fehler).not.toBeInstanceOf(DomainError);
    expect((fehler as Error).message).toBe('SQLITE_BUSY: database is locked');
  });
});

describe('auftragsstand', () => {
  const job = (teil: Partial<JobInfo>): JobInfo => ({
    id: '7',
    name: 'rechnungslauf',
    state: 'active',
    attemptsMade: 0,
    attempts: 1,
    progress: 0,
    createdAt: new Date(),
    dataIds: {},
    ...teil,
  });

  it('shows progress while active and the result once completed, never the data', () => {
    expect(auftragsstand(job({ progress: { erledigt: 3, gesamt: 9, schritt: 'Ausstellen' } }))).toEqual({
      name: 'rechnungslauf',
      id: '7',
      zustand: 'active',
      fortschritt: { erledigt: 3, gesamt: 9, schritt: 'Ausstellen' },
    });
    expect(auftragsstand(job({ state: 'waiting' })).fortschritt).toBeNull();
    expect(auftragsstand(job({ state: 'completed', returnValue: { created: 9 } })).ergebnis).toEqual({
      created: 9,
    });
  });

  it('shows a refusal in German, and hides what an unexpected failure said', () => {
    const abgelehnt = job({
      state: 'failed',
      failedReason: 'Die Gruppe ist keine automatische Gruppe.',
      progress: { erledigt: 0, gesamt: 0, ablehnung: { code: 'X', kind: 'conflict' } },
    });
    expect(auftragsstand(abgelehnt)).toEqual({
      name: 'rechnungslauf',
      id: '7',
      zustand: 'failed',
      fortschritt: { erledigt: 0, gesamt: 0 },
      fehler: 'Die Gruppe ist keine automatische Gruppe.',
    });
    const kaputt = job({
      state: 'failed',
      failedReason: "ER_NO_SUCH_TABLE: Table 'rw_rechnung' doesn't exist",
    });
    expect(auftragsstand(kaputt).fehler).toBe(UNERWARTETER_FEHLER);
  });
});

describe('gewuenschteWartezeit', () => {
  it('reads RFC 7240 Prefer: respond-async at once, wait=n up to the longest wait, else the default', () => {
    expect(gewuenschteWartezeit(undefined)).toBe(WARTEN_MS);
    expect(gewuenschteWartezeit('respond-async')).toBe(0);
    expect(gewuenschteWartezeit('handling=lenient, respond-async')).toBe(0);
    expect(gewuenschteWartezeit('wait=5')).toBe(5000);
    expect(gewuenschteWartezeit(['return=minimal', 'wait=600'])).toBe(LAENGSTES_WARTEN_MS);
    expect(gewuenschteWartezeit('wait=soon')).toBe(WARTEN_MS);
  });
});
