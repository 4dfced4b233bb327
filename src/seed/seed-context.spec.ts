import { berlinDatum } from '../../common/kalender';
import { seedHeute } from './seed-context';

describe('the seed’s today (issue 32)', () => {
  it('is the given calendar day at 00:00 UTC', () => {
    expect(seedHeute('2027-03-15').toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });

  it('is the Berlin day of now without one', () => {
    expect(seedHeute(undefined).toISOString().slice(0, 10)).toBe(berlinDatum(new Date()));
  });

  it('refuses what is no calendar day', () => {
    expect(() => seedHeute('2027-02-30')).toThrow(
      'Das Datum „2027-02-30“ ist kein Kalendertag (JJJJ-MM-TT).',
    );
    expect(() => seedHeute('15.03.2027')).toThrow(/kein Kalendertag/);
  });
});
