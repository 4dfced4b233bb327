import { formatNumberInput, parseNumberInput, roundTo } from './number';

describe('parseNumberInput', () => {
  it('turns non-numeric text into empty', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('abc')).toBeNull();
    expect(parseNumberInput('12abc')).toBeNull();
    expect(parseNumberInput('1,2,3')).toBeNull();
  });

  it('reads German and English decimals', () => {
    expect(parseNumberInput('1,5')).toBe(1.5);
    expect(parseNumberInput('1.234,5')).toBe(1234.5);
    expect(parseNumberInput('1234.5')).toBe(1234.5);
    expect(parseNumberInput(' -3 ')).toBe(-3);
  });

  it('takes the nearest multiple of a step (hours in steps of 0,05)', () => {
    const hours = { min: 0, decimals: 2, step: 0.05 };
    expect(parseNumberInput('1,07', hours)).toBe(1.05);
    expect(parseNumberInput('1,08', hours)).toBe(1.1);
    expect(parseNumberInput('2,5', hours)).toBe(2.5);
    expect(parseNumberInput('0,02', hours)).toBe(0);
    expect(parseNumberInput('-1', hours)).toBe(0);
  });

  it('clamps to min and max', () => {
    expect(parseNumberInput('0', { min: 1 })).toBe(1);
    expect(parseNumberInput('30', { min: 1, max: 28 })).toBe(28);
    expect(parseNumberInput('5', { min: 1, max: 28 })).toBe(5);
  });

  it('rounds to the given decimals, commercially', () => {
    expect(parseNumberInput('1,005', { decimals: 2 })).toBe(1.01);
    expect(parseNumberInput('2,5', { decimals: 0 })).toBe(3);
    expect(parseNumberInput('-2,5', { decimals: 0 })).toBe(-3);
    expect(parseNumberInput('1,23456')).toBe(1.23456);
  });

  it('clamps before rounding', () => {
    expect(parseNumberInput('-0,004', { min: 0, decimals: 2 })).toBe(0);
  });
});

describe('formatNumberInput', () => {
  it('shows a German comma and the decimals', () => {
    expect(formatNumberInput(1.5, 2)).toBe('1,50');
    expect(formatNumberInput(7)).toBe('7');
    expect(formatNumberInput(null)).toBe('');
  });

  it('rounds without binary noise', () => {
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('amounts with thousands dots', () => {
  it('shows and reads 1.234,50', () => {
    expect(formatNumberInput(1234.5, 2, true)).toBe('1.234,50');
    expect(formatNumberInput(-1234567, 2, true)).toBe('-1.234.567,00');
    expect(formatNumberInput(1234.5, 2)).toBe('1234,50');
    expect(parseNumberInput('1.234,50', { decimals: 2, grouping: true })).toBe(1234.5);
    expect(parseNumberInput('1.234', { decimals: 2, grouping: true })).toBe(1234);
    expect(parseNumberInput('1.5', { decimals: 2, grouping: true })).toBe(1.5);
  });
});
