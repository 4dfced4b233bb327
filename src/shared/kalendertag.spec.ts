import { istKalendertag } from './kalendertag';

describe('istKalendertag', () => {
  it('takes real days, also 29 February of a leap year', () => {
    for (const tag of ['2026-04-01', '2024-02-29', '2026-12-31'])
      expect([tag, istKalendertag(tag)]).toEqual([tag, true]);
  });
  it('refuses days that do not exist and other spellings', () => {
    for (const tag of [
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '1.4.2026',
      '2026-4-1',
      '',
    ])
      expect([tag, istKalendertag(tag)]).toEqual([tag, false]);
  });
});
