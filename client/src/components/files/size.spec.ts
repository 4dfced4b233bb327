import { formatSize } from './size';

describe('file sizes', () => {
  it('reads German: decimal comma, one decimal at most', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(12595)).toBe('12,3 KB');
    expect(formatSize(5.25 * 1024 * 1024)).toBe('5,3 MB');
    expect(formatSize(1536 * 1024 * 1024)).toBe('1,5 GB');
  });
});
