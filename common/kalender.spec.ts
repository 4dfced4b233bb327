import {
  berlinDatum,
  berlinWandzeit,
  berlinZeitpunkt,
  deutscherTag,
  deutschesDatum,
  monateZurueck,
} from './kalender';

describe('Berlin calendar days', () => {
  it.each([
    ['2026-03-28T23:30:00Z', '2026-03-29'],
    ['2026-07-01T21:59:00Z', '2026-07-01'],
    ['2026-07-01T22:00:00Z', '2026-07-02'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
  ])('%s is %s in Berlin', (instant, datum) => {
    expect(berlinDatum(new Date(instant))).toBe(datum);
  });

  it.each([
    ['2026-11-15', 6, '2026-05-15'],
    ['2026-08-31', 6, '2026-02-28'],
    ['2028-08-31', 6, '2028-02-29'],
    ['2026-03-31', 6, '2025-09-30'],
    ['2026-01-10', 13, '2024-12-10'],
  ])('%s minus %i months is %s', (datum, monate, ergebnis) => {
    expect(monateZurueck(datum, monate)).toBe(ergebnis);
  });
});

describe('Berlin wall-clock times', () => {
  it('converts Berlin wall-clock times to UTC, summer and winter', () => {
    expect(berlinZeitpunkt('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(berlinZeitpunkt('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // The day of the switch to summer time: 01:30 is still winter, 03:30 already summer.
    expect(berlinZeitpunkt('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(berlinZeitpunkt('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinZeitpunkt('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
});

describe('the Berlin wall clock of an instant', () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const erwartet = (at: number) => {
    const t = Object.fromEntries(intl.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return { datum: `${t.year}-${t.month}-${t.day}`, uhrzeit: `${t.hour}:${t.minute}:${t.second}` };
  };

  it('agrees with Intl minute by minute around both switches of 2026 and at odd seconds all year', () => {
    const faelle: number[] = [];
    for (const wechsel of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z'])
      for (let m = -90; m <= 90; m++)
        faelle.push(Date.parse(wechsel) + m * 60_000 - 1_000, Date.parse(wechsel) + m * 60_000);
    for (
      let at = Date.parse('2025-12-31T22:59:59.999Z');
      at < Date.parse('2027-01-01T00:00:00Z');
      at += 3_599_977
    )
      faelle.push(at);
    for (const at of faelle) expect({ at, ...berlinWandzeit(new Date(at)) }).toEqual({ at, ...erwartet(at) });
  });

  it('refuses an invalid date as Intl does', () => {
    expect(() => berlinWandzeit(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('days as staff read them', () => {
  it('writes a calendar day as DD.MM.YYYY', () => {
    expect(deutscherTag('2026-03-05')).toBe('05.03.2026');
  });

  it('writes the Berlin day of an instant, also where UTC is still the day before', () => {
    expect(deutschesDatum(new Date('2026-12-31T23:30:00Z'))).toBe('01.01.2027');
    expect(deutschesDatum(new Date('2026-07-01T21:59:00Z'))).toBe('01.07.2026');
  });
});
