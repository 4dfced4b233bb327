import { aufbewahrenBis, aufbewahrungAbgelaufen } from './aufbewahrung';

describe('retention of invoices (§ 147 Abs. 3, 4 AO, § 14b UStG)', () => {
  it('ends eight years after the end of the calendar year of issue', () => {
    expect(aufbewahrenBis('2026-01-01')).toBe('2034-12-31');
    expect(aufbewahrenBis('2026-12-31')).toBe('2034-12-31');
    expect(aufbewahrenBis('2027-01-01')).toBe('2035-12-31');
  });

  it('has passed only from the day after its last day', () => {
    expect(aufbewahrungAbgelaufen('2034-12-31', '2034-12-31')).toBe(false);
    expect(aufbewahrungAbgelaufen('2034-12-31', '2035-01-01')).toBe(true);
    expect(aufbewahrungAbgelaufen('2034-12-31', '2030-06-15')).toBe(false);
  });
});
