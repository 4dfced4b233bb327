import { applyMask, DATE_MASK, formatGermanDate, parseGermanDate, parseTime, TIME_MASK } from './masks';

describe('applyMask', () => {
  it('lays digits into the date mask as they are typed', () => {
    expect(applyMask('3', DATE_MASK)).toBe('3');
    expect(applyMask('311', DATE_MASK)).toBe('31.1');
    expect(applyMask('31122024', DATE_MASK)).toBe('31.12.2024');
    expect(applyMask('31.12.2024999', DATE_MASK)).toBe('31.12.2024');
    expect(applyMask('ab', DATE_MASK)).toBe('');
  });

  it('lays digits into the time mask', () => {
    expect(applyMask('0930', TIME_MASK)).toBe('09:30');
    expect(applyMask('9:3', TIME_MASK)).toBe('93');
  });
});

describe('German dates', () => {
  it('parses complete real dates only', () => {
    expect(parseGermanDate('31.12.2024')).toBe('2024-12-31');
    expect(parseGermanDate('29.02.2024')).toBe('2024-02-29');
    expect(parseGermanDate('29.02.2023')).toBeNull();
    expect(parseGermanDate('31.04.2024')).toBeNull();
    expect(parseGermanDate('1.1.2024')).toBeNull();
  });

  it('formats ISO dates and timestamps', () => {
    expect(formatGermanDate('2024-03-05')).toBe('05.03.2024');
    expect(formatGermanDate('2024-03-05T10:00:00.000Z')).toBe('05.03.2024');
    expect(formatGermanDate(null)).toBe('');
  });
});

describe('parseTime', () => {
  it('accepts 24 h times', () => {
    expect(parseTime('00:00')).toBe('00:00');
    expect(parseTime('23:59')).toBe('23:59');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('9:30')).toBeNull();
  });
});
