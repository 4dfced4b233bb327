import type { NextFunction, Request, Response } from 'express';
import { NICHT_ANGEMELDET } from '../../../common/anmeldung';

const PUBLIC_PATHS = new Set(['/login', '/logout']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A state-changing call without X-Api-Request: refused, but the session (if any) stays. */
export const API_HEADER_FEHLT = 'API_HEADER_FEHLT';

/**
 * DESIGN.md §3: state-changing calls must carry X-Api-Request (a cross-site form cannot set it),
 * and every /node call but login/logout and the health check needs a session. Mounted on /node, before the routes, so
 * that unknown routes answer 403 too instead of revealing what exists. Each refusal says by its
 * code which it is: only NICHT_ANGEMELDET makes the client log out.
 */
export function apiGate(req: Request, res: Response, next: NextFunction): void {
  // Newsletter recipients: tracked links and the RFC 8058 one-click unsubscribe (a mail provider's
  // POST without our header); a signed token, not a session, authorises them.
  if (req.path.startsWith('/r/') || req.path.startsWith('/abmelden/')) {
    next();
    return;
  }
  if (!SAFE_METHODS.has(req.method) && req.get('X-Api-Request') === undefined) {
    refuse(req, res, API_HEADER_FEHLT, 'Anfrage ohne X-Api-Request-Header abgelehnt.');
    return;
  }
  const open = PUBLIC_PATHS.has(req.path) || (req.path === '/health' && SAFE_METHODS.has(req.method));
  if (!open && !req.isAuthenticated?.()) {
    refuse(req, res, NICHT_ANGEMELDET, 'Sie sind nicht angemeldet.');
    return;
  }
  next();
}

/**
 * The gate before the session is read: a request that carries no session cookie cannot be logged
 * in, so it is refused (or let through to a public route) without touching the session store.
 */
export function gateWithoutSessionCookie(cookieName: string) {
  const marker = `${cookieName}=`;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.headers.cookie?.includes(marker)) next();
    else apiGate(req, res, next);
  };
}

/**
 * 403 without reading the body: a refused request that still sends one gets its connection closed
 * once the answer is out, instead of the server reading (and discarding) every byte of it.
 */
function refuse(req: Request, res: Response, code: string, message: string): void {
  const hasBody =
    req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.complete) {
    res.setHeader('Connection', 'close');
    res.on('finish', () => req.socket.destroy());
  }
  res.status(403).json({ statusCode: 403, code, message });
}

/** Express's router would answer a malformed %-escape with an English text; staff get German. */
export function rejectMalformedUrls(req: Request, res: Response, next: NextFunction): void {
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).json({ statusCode: 400, message: 'Die Adresse enthält ungültig kodierte Zeichen.' });
    return;
  }
  next();
}
