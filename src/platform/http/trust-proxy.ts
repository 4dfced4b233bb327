import { RecentlyUsed } from '../../shared/recently-used';

/** Express's compiled `trust proxy`: whether the hop at `index` (0: the peer) with this address is trusted. */
export type TrustProxy = (address: string | undefined, index: number) => boolean;

/** Addresses kept: far more than the proxies and clients of a back office. */
const KEPT = 1000;

/**
 * Express asks `trust proxy` on every request (req.protocol for the Secure session cookie, req.ip
 * for the login throttle), and for an address list it parses the peer's address with ipaddr.js each
 * time: about 20 µs of a short list call's CPU (bench/api/cpu-ab.mjs, 2026-11-26). The answer
 * depends only on the address and the hop, so it is kept per address seen.
 */
export function rememberingTrust(trust: TrustProxy): TrustProxy {
  const known = new RecentlyUsed<boolean>(KEPT, 100);
  return (address, index) => known.get(`${index} ${address}`, () => trust(address, index));
}
