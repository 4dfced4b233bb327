import pino from 'pino';
import { konsoleUmleiten } from './konsole';

describe('konsoleUmleiten', () => {
  it("writes what libraries print with console as the app logger's JSON lines", () => {
    const lines: Record<string, unknown>[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const konsole = { ...console };
    konsoleUmleiten(root, konsole);
    konsole.warn('IMPORTANT! Eviction policy is %s. It should be "noeviction"', 'allkeys-lru');
    konsole.error(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    konsole.debug('nicht bei info');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        context: 'Konsole',
        msg: 'IMPORTANT! Eviction policy is allkeys-lru. It should be "noeviction"',
      }),
      expect.objectContaining({ level: 50, msg: expect.stringMatching(/^Error: connect ECONNREFUSED/) }),
    ]);
  });
});
