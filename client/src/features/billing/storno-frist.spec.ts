import { stornoFrist } from './storno-frist';

describe('stornoFrist (spec 003 §9)', () => {
  it.each([
    [24, '1 Tag'],
    [72, '3 Tage'],
    [36, '36 Stunden'],
    [1, '1 Stunde'],
    [0, '0 Stunden'],
    [null, '0 Stunden'],
    ['abc', ''],
  ])('%p hours read %p', (hours, text) => expect(stornoFrist(hours)).toBe(text));
});
