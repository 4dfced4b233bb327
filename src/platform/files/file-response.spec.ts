import { attachmentHeader } from './file-response';

describe('attachmentHeader', () => {
  it('quotes plain ASCII names', () => {
    expect(attachmentHeader('export.csv')).toBe('attachment; filename="export.csv"');
    expect(attachmentHeader('Programm 2026.pdf')).toBe('attachment; filename="Programm 2026.pdf"');
  });

  it('adds the exact UTF-8 name and a readable ASCII fallback', () => {
    expect(attachmentHeader('Größe Müller.pdf')).toBe(
      `attachment; filename="Groesse Mueller.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20M%C3%BCller.pdf`,
    );
    expect(attachmentHeader('Café (1)*.txt')).toBe(
      `attachment; filename="Cafe (1)*.txt"; filename*=UTF-8''Caf%C3%A9%20%281%29%2A.txt`,
    );
    expect(attachmentHeader('a"b\\c€.txt')).toBe(
      `attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%22b%5Cc%E2%82%AC.txt`,
    );
  });
});
