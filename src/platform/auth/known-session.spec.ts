import express, { type Request, type RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import request from 'supertest';
import { cookieValue, sessionLayer, unsignSessionId, type KnownSessionSources } from './known-session';
import type { StaffUser } from './staff-directory';
import { TOUCH_INTERVAL_MS, withStoredExpiry } from './session-store';

const SECRET = 'ein-geheimnis';
const IDLE = 8 * 3_600_000;
const STAFF: StaffUser = { id: 7, kennnummer: 'K7', name: 'Mia Muster', verband: null, login: 'mia' };

/** A cookie as express-session itself signs it, with the session id it stands for. */
async function expressSessionCookie(): Promise<{ raw: string; sid: string }> {
  const app = express();
  app.use(session({ name: 'verband.sid', secret: SECRET, resave: false, saveUninitialized: true }));
  app.get('/', (req, res) => res.json(req.sessionID));
  const answer = await request(app).get('/');
  const header = String(answer.headers['set-cookie'][0]).split(';')[0];
  return { raw: cookieValue(header, 'verband.sid')!, sid: answer.body as string };
}

describe('the session cookie read without express-session', () => {
  it('finds the id in a cookie express-session signed, and none in a changed or foreign one', async () => {
    const { raw, sid } = await expressSessionCookie();
    expect(raw.startsWith('s:')).toBe(true);
    expect(unsignSessionId(raw, SECRET)).toBe(sid);
    expect(unsignSessionId(raw, 'ein-anderes-geheimnis')).toBeUndefined();
    // The id's last character changed (to another one: a random id may end in x already).
    const changed = `${sid.slice(0, -1)}${sid.endsWith('x') ? 'y' : 'x'}`;
    expect(unsignSessionId(raw.replace(sid, changed), SECRET)).toBeUndefined();
    expect(unsignSessionId(`${raw}x`, SECRET)).toBeUndefined();
    expect(unsignSessionId(raw.slice(2), SECRET)).toBeUndefined();
    expect(unsignSessionId('s:ohne-punkt', SECRET)).toBeUndefined();
  });

  it('reads the first cookie of the name from the header, decoded and unquoted', () => {
    expect(cookieValue('a=1; verband.sid=s%3Aabc.def; verband.sid=zwei', 'verband.sid')).toBe('s:abc.def');
    expect(cookieValue('verband.sid="s%3Aabc.def"', 'verband.sid')).toBe('s:abc.def');
    expect(cookieValue('xverband.sid=1', 'verband.sid')).toBeUndefined();
    expect(cookieValue('verband.sid=%E0%A4%A', 'verband.sid')).toBe('%E0%A4%A');
    expect(cookieValue(undefined, 'verband.sid')).toBeUndefined();
  });
});

describe('sessionLayer', () => {
  let cookie: { raw: string; sid: string };
  beforeAll(async () => (cookie = await expressSessionCookie()));

  /** The layer over stand-in sources; answers who the request is and whether the full layer ran. */
  async function ask(
    change: Partial<KnownSessionSources> & {
      method?: 'get' | 'post';
      cookieHeader?: (raw: string) => string;
    } = {},
  ): Promise<{ user?: StaffUser; full: boolean }> {
    const stored = {
      cookie: { originalMaxAge: IDLE },
      passport: { user: { ...STAFF, checkedAt: 1, since: 1 } },
    };
    const sources: KnownSessionSources = {
      cookieName: 'verband.sid',
      secret: SECRET,
      recentSession: (sid) =>
        sid === cookie.sid
          ? withStoredExpiry(stored as unknown as SessionData, new Date(Date.now() + IDLE))
          : undefined,
      knownIdentity: (user) => ((user as { id?: number }).id === STAFF.id ? STAFF : undefined),
      ...change,
    };
    let full = false;
    const fullLayer: RequestHandler = (_req, _res, next) => {
      full = true;
      next();
    };
    const app = express();
    app.use(sessionLayer(sources, [fullLayer]));
    app.all('/', (req: Request, res) => res.json({ user: req.user, authenticated: req.isAuthenticated?.() }));
    const header = (change.cookieHeader ?? ((raw) => `verband.sid=${encodeURIComponent(raw)}`))(cookie.raw);
    const answer = await request(app)[change.method ?? 'get']('/').set('Cookie', header);
    if (answer.body.user) expect(answer.body.authenticated).toBe(true);
    return { user: answer.body.user, full };
  }

  it('gives a read with a known, fresh session its staff user and skips the full layer', async () => {
    expect(await ask()).toEqual({ user: STAFF, full: false });
  });

  it.each<[string, Parameters<typeof ask>[0]]>([
    ['a write', { method: 'post' }],
    [
      'a cookie with a wrong signature',
      { cookieHeader: (raw) => `verband.sid=${encodeURIComponent(`${raw}x`)}` },
    ],
    ['no session cookie', { cookieHeader: () => 'anderes=1' }],
    ['a session not read a moment ago', { recentSession: () => undefined }],
    [
      'a stored expiry due to move',
      {
        recentSession: () =>
          withStoredExpiry(
            { cookie: { originalMaxAge: IDLE }, passport: { user: STAFF } } as unknown as SessionData,
            new Date(Date.now() + IDLE - TOUCH_INTERVAL_MS - 1000),
          ),
      },
    ],
    ['an identity to check again', { knownIdentity: () => undefined }],
  ])('leaves %s to the full layer', async (_case, change) => {
    expect(await ask(change)).toEqual({ user: undefined, full: true });
  });
});
