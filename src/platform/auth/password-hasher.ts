/**
 * Slow salted password hashes with Node's scrypt (no native module to build). Format:
 * `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later without breaking old hashes.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function isPasswordHash(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith('scrypt$');
}

/**
 * A short stamp of a stored hash: it changes with every new password (a new salt each time) and
 * reveals nothing of the hash. Sessions keep it to notice that their account's password changed.
 */
export function credentialStamp(stored: string | null | undefined): string {
  return createHash('sha256')
    .update(stored ?? '')
    .digest('base64url')
    .slice(0, 16);
}
