import { berlinText, istUhrzeit, seminarZeitraum } from './termin';

describe('seminar dates', () => {
  it('accepts only HH:MM times', () => {
    expect(istUhrzeit('09:00')).toBe(true);
    expect(istUhrzeit('23:59')).toBe(true);
    expect(istUhrzeit('00:00')).toBe(true);
    expect(istUhrzeit('19:45')).toBe(true);
    for (const bad of ['9:00', '24:00', '12:60', '12:00:00', '', 'x09:00', '09:00x', '30:00'])
      expect(istUhrzeit(bad)).toBe(false);
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

  it('counts an event without times as the whole day, and one with a start only up to its start', () => {
    // 1 July is summer time: 00:00 in Berlin is 22:00 UTC the day before.
    const ganzerTag = seminarZeitraum([{ datum: '2026-07-01', beginn: null, ende: null }]);
    expect(ganzerTag?.beginn.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(ganzerTag?.ende.toISOString()).toBe('2026-07-01T21:59:00.000Z');
    const nurBeginn = seminarZeitraum([{ datum: '2026-07-01', beginn: '10:00', ende: null }]);
    expect(nurBeginn?.beginn.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(nurBeginn?.ende.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('takes the earliest start and the latest end even from different events', () => {
    const zeitraum = seminarZeitraum([
      { datum: '2026-03-10', beginn: '10:00', ende: '12:00' },
      { datum: '2026-03-10', beginn: '08:00', ende: '09:00' },
      { datum: '2026-03-10', beginn: '11:00', ende: '18:00' },
      { datum: '2026-03-10', beginn: '09:00', ende: '10:00' },
    ]);
    expect(zeitraum?.beginn.toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(zeitraum?.ende.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(seminarZeitraum([])).toBeNull();
  });

  it('writes an instant as staff read it, in Berlin time', () => {
    expect(berlinText(new Date('2026-03-10T08:00:00Z'))).toBe('10.03.2026, 09:00');
    expect(berlinText(new Date('2026-07-01T22:30:45Z'))).toBe('02.07.2026, 00:30');
  });
});
