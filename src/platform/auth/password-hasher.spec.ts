import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashes', () => {
  it('verifies the right password only, with a fresh salt every time', async () => {
    const a = await hashPassword('Geheim!ä');
    const b = await hashPassword('Geheim!ä');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Geheim');
    await expect(verifyPassword('Geheim!ä', a)).resolves.toBe(true);
    await expect(verifyPassword('geheim!ä', a)).resolves.toBe(false);
  });

  it('refuses missing or foreign hashes', async () => {
    await expect(verifyPassword('x', null)).resolves.toBe(false);
    await expect(verifyPassword('x', 'x')).resolves.toBe(false);
    await expect(verifyPassword('x', '$2b$10$abcdefghijklmnopqrstuv')).resolves.toBe(false);
  });
});
