import { eurosToCents, formatEuro, MONEY_MAX_CENTS, moneyRangeViolation, roundCents } from './money';

describe('money', () => {
  it('converts euros to integer cents with commercial rounding', () => {
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(-1.005)).toBe(-101);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1234.5)).toBe(123450);
    expect(eurosToCents(-0)).toBe(0);
  });

  it('refuses what is no amount', () => {
    expect(() => eurosToCents(Number.NaN)).toThrow(new RangeError('kein Geldbetrag: NaN'));
    expect(() => eurosToCents(Infinity)).toThrow(RangeError);
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

  it('takes amounts up to ±99.999.999,99 € once rounded to cents', () => {
    expect(formatEuro(MONEY_MAX_CENTS)).toBe('99.999.999,99 €');
    for (const ok of [0, -0, 0.004, 99_999_999.99, 99_999_999.994, -99_999_999.994])
      expect(moneyRangeViolation(ok)).toBeUndefined();
    for (const zuViel of [99_999_999.995, 100_000_000, 9e15, 1e308, Infinity])
      expect(moneyRangeViolation(zuViel)).toBe('darf höchstens 99.999.999,99 € betragen');
    for (const zuWenig of [-99_999_999.995, -1e308, -Infinity])
      expect(moneyRangeViolation(zuWenig)).toBe('darf nicht kleiner als -99.999.999,99 € sein');
    expect(moneyRangeViolation(Number.NaN)).toBeDefined();
  });
});
