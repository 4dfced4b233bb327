/**
 * Issue 34: an erased address's newsletter opt-out (Art. 21 DSGVO, § 7 UWG) is kept only as the
 * SHA-256 of the address as written in any case and with any surrounding spaces, so the address
 * itself is gone but entered again it is known.
 */
import { createHash } from 'node:crypto';

export const sperrHash = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
