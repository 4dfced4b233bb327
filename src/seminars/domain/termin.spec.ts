import { berlinZeitpunkt, istUhrzeit, seminarZeitraum } from './termin';

describe('seminar dates', () => {
  it('accepts only HH:MM times', () => {
    expect(istUhrzeit('09:00')).toBe(true);
    expect(istUhrzeit('23:59')).toBe(true);
    for (const bad of ['9:00', '24:00', '12:60', '12:00:00', '']) expect(istUhrzeit(bad)).toBe(false);
  });

  it('converts Berlin wall-clock times to UTC, summer and winter', () => {
    expect(berlinZeitpunkt('2026-01-15', '09:00').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(berlinZeitpunkt('2026-07-15', '09:00').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // The day of the switch to summer time: 01:30 is still winter, 03:30 already summer.
    expect(berlinZeitpunkt('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(berlinZeitpunkt('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(berlinZeitpunkt('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('spans a seminar from its first start to its last end', () => {
    const zeitraum = seminarZeitraum([
      { datum: '2026-03-12', beginn: '13:00', ende: '17:30' },
      { datum: '2026-03-10', beginn: '09:00', ende: '16:00' },
      { datum: null, beginn: '08:00', ende: '20:00' },
      { datum: '2026-03-11', beginn: null, ende: null },
    ]);
    expect(zeitraum?.beginn.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(zeitraum?.ende.toISOString()).toBe('2026-03-12T16:30:00.000Z');
    expect(seminarZeitraum([{ datum: null, beginn: null, ende: null }])).toBeNull();
  });
});
