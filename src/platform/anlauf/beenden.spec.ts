import { EventEmitter } from 'node:events';
import { beendeBeiSignal } from './beenden';

function prozess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    on: emitter.on.bind(emitter),
    exit: (code: number) => void exits.push(code),
    signal: (name: string) => emitter.emit(name),
    exits,
  };
}

const logger = () => {
  const lines: string[] = [];
  return {
    lines,
    log: (m: string) => lines.push(m),
    warn: (m: string) => lines.push(m),
    error: (m: string) => lines.push(m),
  };
};

describe('ending on SIGTERM', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('exits 0 once the app closed cleanly', async () => {
    const p = prozess();
    const l = logger();
    beendeBeiSignal('Worker', l, async () => undefined, p as never, 8000);
    p.signal('SIGTERM');
    await jest.advanceTimersByTimeAsync(0);
    expect(p.exits).toEqual([0]);
    expect(l.lines).toEqual(['Worker wird beendet (SIGTERM).', 'Beendet.']);
  });

  it('exits 1 at the deadline when closing hangs (Redis gone), and says so', async () => {
    const p = prozess();
    const l = logger();
    beendeBeiSignal('Verbandsverwaltung', l, () => new Promise(() => undefined), p as never, 8000);
    p.signal('SIGTERM');
    await jest.advanceTimersByTimeAsync(7999);
    expect(p.exits).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(p.exits).toEqual([1]);
    expect(l.lines[1]).toBe('Nach 8 s nicht sauber beendet: der Prozess endet trotzdem.');
  });

  it('exits at once on a second signal', async () => {
    const p = prozess();
    beendeBeiSignal('Verbandsverwaltung', logger(), () => new Promise(() => undefined), p as never, 8000);
    p.signal('SIGINT');
    p.signal('SIGINT');
    expect(p.exits).toEqual([1]);
  });

  it('exits 1 when closing fails', async () => {
    const p = prozess();
    const l = logger();
    beendeBeiSignal('Worker', l, () => Promise.reject(new Error('kaputt')), p as never, 8000);
    p.signal('SIGTERM');
    await jest.advanceTimersByTimeAsync(0);
    expect(p.exits).toEqual([1]);
    expect(l.lines).toContain('Beenden fehlgeschlagen: kaputt');
  });
});
