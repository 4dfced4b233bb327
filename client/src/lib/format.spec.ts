import {
  berlinDateTime,
  berlinInstant,
  berlinMidnight,
  csvAmount,
  formatAmount,
  formatDateValue,
} from './format';

describe('formatAmount', () => {
  it('shows German amounts with two decimals', () => {
    expect(formatAmount(1234.5)).toBe('1.234,50 €');
    expect(formatAmount(0)).toBe('0,00 €');
    expect(formatAmount(-1234567.891)).toBe('-1.234.567,89 €');
    expect(formatAmount('99.9')).toBe('99,90 €');
    expect(formatAmount(1.005)).toBe('1,01 €');
    expect(formatAmount(null)).toBe('');
  });
});

describe('dates in Berlin', () => {
  it('finds Berlin midnight in winter and summer', () => {
    expect(berlinMidnight(2025, 0, 1).toISOString()).toBe('2024-12-31T23:00:00.000Z');
    expect(berlinMidnight(2025, 6, 1).toISOString()).toBe('2025-06-30T22:00:00.000Z');
  });

  it('shows dates and timestamps German', () => {
    expect(formatDateValue('2024-03-05')).toBe('05.03.2024');
    expect(formatDateValue('2024-03-05T13:30:00.000Z')).toBe('05.03.2024, 14:30');
  });
});

describe('csvAmount', () => {
  it('writes two decimals with a comma and nothing else, as German Excel reads numbers', () => {
    expect(csvAmount(340)).toBe('340,00');
    expect(csvAmount('1234.5')).toBe('1234,50');
    expect(csvAmount(-0.005)).toBe('-0,01');
  });
});

describe('Berlin date and time of an instant', () => {
  it('reads winter and summer time', () => {
    expect(berlinDateTime('2024-01-15T11:30:00Z')).toEqual(['2024-01-15', '12:30']);
    expect(berlinDateTime('2024-07-15T11:30:00Z')).toEqual(['2024-07-15', '13:30']);
    expect(berlinDateTime('2024-12-31T23:30:00Z')).toEqual(['2025-01-01', '00:30']);
  });

  it('turns a Berlin date and time back into the instant, across the daylight-saving change', () => {
    expect(berlinInstant('2024-01-15', '12:30').toISOString()).toBe('2024-01-15T11:30:00.000Z');
    expect(berlinInstant('2024-03-31', '01:30').toISOString()).toBe('2024-03-31T00:30:00.000Z');
    expect(berlinInstant('2024-03-31', '12:00').toISOString()).toBe('2024-03-31T10:00:00.000Z');
    expect(berlinInstant('2024-10-27', '12:00').toISOString()).toBe('2024-10-27T11:00:00.000Z');
  });
});
