import { istUhrzeit, seminarZeitraum } from './termin';

describe('seminar dates', () => {
  it('accepts only HH:MM times', () => {
    expect(istUhrzeit('09:00')).toBe(true);
    expect(istUhrzeit('23:59')).toBe(true);
    for (const bad of ['9:00', '24:00', '12:60', '12:00:00', '']) expect(istUhrzeit(bad)).toBe(false);
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
