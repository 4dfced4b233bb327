import { eurosToCents, formatEuro, roundCents } from './money';

describe('money', () => {
  it('converts euros to integer cents with commercial rounding', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(-1.005)).toBe(-101);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1234.5)).toBe(123450);
    expect(eurosToCents(-0)).toBe(0);
  });

  it('rounds fractional cents half away from zero', () => {
    expect(roundCents(12.5)).toBe(13);
    expect(roundCents(-12.5)).toBe(-13);
    expect(roundCents(12.49)).toBe(12);
  });

  it('formats amounts the German way', () => {
    expect(formatEuro(123450)).toBe('1.234,50 €');
    expect(formatEuro(-5)).toBe('-0,05 €');
  });
});
