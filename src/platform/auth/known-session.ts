/**
 * The session layer with a shortcut for reads (issue 16, request overhead). express-session and
 * passport cost a short list call about a third of its CPU (bench/api/cpu-ab.mjs, 2026-11-26:
 * cookie parsing, signature, three hashes of the session, the wrapped answer, passport's strategy
 * objects), also when the request only asks who the caller is and changes nothing.
 *
 * A GET or HEAD whose signed session cookie is valid, whose session this process read a moment
 * ago (RecentSessions), whose stored expiry is not due to move and whose stored staff identity is
 * still trusted (SessionSerializer.knownIdentity) gets its staff user here, and the full layer is
 * skipped: in exactly these cases the full layer would find the same user and write nothing, no
 * session and no cookie. Everything else — other methods, no or a bad cookie, a session not at hand,
 * a due expiry, an identity to check again — goes through the full layer, which decides as always.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { SessionData } from 'express-session';
import type { StaffUser } from './staff-directory';
import { RecentlyUsed } from '../../shared/recently-used';
import { expiryDue } from './session-store';

export interface KnownSessionSources {
  cookieName: string;
  secret: string;
  /** The session as the store had it a moment ago (SessionStore.recentSessionView), or undefined. */
  recentSession(sid: string): Readonly<SessionData> | undefined;
  /** The identity the stored user vouches for without a lookup (SessionSerializer.knownIdentity). */
  knownIdentity(stored: unknown): StaffUser | undefined;
}

/** Verified cookie values kept (one per live session and browser). */
const KEPT = 10_000;

/**
 * The session id of a cookie value `s:<id>.<signature>` signed with `secret` as express-session
 * signs it (cookie-signature: HMAC-SHA256, base64 without padding), or undefined.
 */
export function unsignSessionId(raw: string, secret: string): string | undefined {
  if (!raw.startsWith('s:')) return undefined;
  const dot = raw.lastIndexOf('.');
  if (dot < 2) return undefined;
  const sid = raw.slice(2, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(raw.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
}

/** The first cookie of this name in a Cookie header, decoded as the `cookie` package does. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return undefined;
}

export function sessionLayer(sources: KnownSessionSources, fullLayer: RequestHandler[]): RequestHandler {
  const full = express.Router();
  full.use(...fullLayer);
  // A signed value is checked once; kept by its whole text, a changed cookie is never found here.
  const verified = new RecentlyUsed<string | undefined>(KEPT, 200);

  const knownUser = (req: Request): StaffUser | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const raw = cookieValue(req.headers.cookie, sources.cookieName);
    const sid = raw === undefined ? undefined : verified.get(raw, () => unsignSessionId(raw, sources.secret));
    const stored = sid === undefined ? undefined : sources.recentSession(sid);
    // A due expiry (or one the store did not mark) goes to the full layer, which moves it.
    if (!stored || expiryDue(stored)) return undefined;
    return sources.knownIdentity((stored as { passport?: { user?: unknown } }).passport?.user);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    const user = knownUser(req);
    if (!user) {
      full(req, res, next);
      return;
    }
    req.user = user;
    req.isAuthenticated = (() => true) as Request['isAuthenticated'];
    next();
  };
}
