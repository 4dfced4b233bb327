import { answeredDate, answeredDateTime } from './entity-catalog';

describe('answeredDateTime', () => {
  /** What the answer carried when the value was a Date (JSON.stringify calls toISOString). */
  const asJson = (date: Date) => JSON.parse(JSON.stringify(date)) as string | null;

  it('answers stored UTC text exactly as JSON answered the Date mysql2 and TypeORM made of it', () => {
    const cases: [string, Date][] = [
      ['2026-11-26 15:27:17', new Date(Date.UTC(2026, 10, 26, 15, 27, 17))],
      ['2026-11-26 15:27:17.649', new Date(Date.UTC(2026, 10, 26, 15, 27, 17, 649))],
      ['2026-11-26 15:27:17.649837', new Date(Date.UTC(2026, 10, 26, 15, 27, 17, 649))],
      ['2026-11-26 15:27:17.5', new Date(Date.UTC(2026, 10, 26, 15, 27, 17, 500))],
      ['2022-01-01 00:00:00', new Date(Date.UTC(2022, 0, 1))],
      ['2022-01-01 08:30', new Date(Date.UTC(2022, 0, 1, 8, 30))],
    ];
    for (const [stored, date] of cases) expect(answeredDateTime(stored)).toBe(asJson(date));
  });

  it('answers null where the Date was invalid: zero dates, no month or day, text that is no date', () => {
    expect(answeredDateTime('0000-00-00 00:00:00')).toBeNull();
    expect(answeredDateTime('2026-00-10 10:00:00')).toBeNull();
    expect(answeredDateTime('2026-10-00 10:00:00')).toBeNull();
    expect(answeredDateTime('kein Datum')).toBeNull();
    expect(answeredDateTime(null)).toBeNull();
    expect(answeredDateTime(undefined)).toBeNull();
  });

  it('takes a Date or ISO text the way TypeORM hydrates them', () => {
    const date = new Date(Date.UTC(2025, 4, 1, 8, 30));
    expect(answeredDateTime(date)).toBe('2025-05-01T08:30:00.000Z');
    expect(answeredDateTime('2025-05-01T08:30:00Z')).toBe('2025-05-01T08:30:00.000Z');
  });
});

describe('answeredDate', () => {
  const byDriver = (value: unknown) => `vom Treiber: ${String(value)}`;

  it('answers the stored text of a date as it is', () => {
    expect(answeredDate('2025-12-31', byDriver)).toBe('2025-12-31');
  });

  it('leaves anything else to the driver, null included', () => {
    expect(answeredDate(null, byDriver)).toBe('vom Treiber: null');
    expect(answeredDate(new Date(0), byDriver)).toMatch(/^vom Treiber: /);
  });
});
