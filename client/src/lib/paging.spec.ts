import { pageCount, parsePageInput, parsePageSize } from './paging';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 13)).toBe(1);
    expect(pageCount(31, 13)).toBe(3);
    expect(pageCount(26, 13)).toBe(2);
  });

  it('ignores invalid page numbers and keeps the old page', () => {
    expect(parsePageInput('2', 3, 1)).toBe(2);
    expect(parsePageInput('0', 3, 2)).toBe(2);
    expect(parsePageInput('4', 3, 2)).toBe(2);
    expect(parsePageInput('x', 3, 2)).toBe(2);
    expect(parsePageInput('1.5', 3, 2)).toBe(2);
  });

  it('keeps rows per page at least 1', () => {
    expect(parsePageSize('25', 13)).toBe(25);
    expect(parsePageSize('0', 13)).toBe(1);
    expect(parsePageSize('abc', 13)).toBe(13);
  });
});
