/**
 * The request wrapper of spec 000 §7: every call under /node, the X-Api-Request header, JSON or
 * form data, a timeout, and errors with code TIMEOUT or BADSTATUS. Error reporting (§8) is not done
 * here but by whoever catches (see errors.ts), so that callers decide what staff see.
 */
import { NICHT_ANGEMELDET } from '../../../common/anmeldung';

export interface ServerErrorBody {
  statusCode?: number;
  message?: string | string[];
  code?: string;
  errors?: unknown;
}

export class RequestError extends Error {
  constructor(
    readonly code: 'TIMEOUT' | 'NETZWERK' | 'BADSTATUS',
    message: string,
    readonly status?: number,
    readonly body?: ServerErrorBody,
  ) {
    super(message);
    this.name = 'RequestError';
  }

  /** The German text of the server, or the technical message when there is none. */
  get displayMessage(): string {
    const message = this.body?.message;
    if (Array.isArray(message)) return message.join('\n');
    return message || this.message;
  }
}

export const REQUEST_TIMEOUT_MS = 30000;

export type Query = Record<string, unknown>;

/** Structured values are JSON-encoded (DESIGN.md §3); undefined is left out. */
export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    params.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return `/node${path}${search ? `?${search}` : ''}`;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  timeout?: number;
  responseType?: 'json' | 'blob' | 'text';
  headers?: Record<string, string>;
}

/**
 * Whether a failed answer says the session is missing or over (spec 000 §8's 403). Any other 403
 * refuses one action for want of a right: the user stays logged in and sees why (errors.ts).
 */
export function meansLoggedOut(status: number | undefined, body: ServerErrorBody | undefined): boolean {
  return status === 403 && body?.code === NICHT_ANGEMELDET;
}

let unauthorizedHandler: () => void = () => undefined;

/** The shell registers what "not logged in" means: logout and /login (spec 000 §8). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Every failed answer passes here, also of uploads with progress (XMLHttpRequest). */
export function notifyIfLoggedOut(status: number, body: ServerErrorBody | undefined): void {
  if (meansLoggedOut(status, body)) unauthorizedHandler();
}

/** Sends one request and returns the raw response; throws RequestError for timeouts and bad statuses. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET') headers['X-Api-Request'] = '1';
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      // Conditional GETs are sent by hand (If-None-Match), so the 304 reaches us unchanged.
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    // The browser's own words ("Failed to fetch") mean nothing to staff.
    if (controller.signal.aborted)
      throw new RequestError(
        'TIMEOUT',
        'Der Server hat nicht rechtzeitig geantwortet. Bitte erneut versuchen.',
      );
    throw new RequestError(
      'NETZWERK',
      body instanceof FormData
        ? 'Die Anfrage kam nicht beim Server an: der Server ist nicht erreichbar, oder die gewählte Datei wurde nach der Auswahl geändert. Bitte die Datei erneut auswählen.'
        : 'Die Anfrage kam nicht beim Server an: der Server ist nicht erreichbar. Bitte erneut versuchen.',
    );
  } finally {
    clearTimeout(timer);
  }
  if (response.ok || response.status === 304) return response;
  const errorBody = (await response.json().catch(() => undefined)) as ServerErrorBody | undefined;
  notifyIfLoggedOut(response.status, errorBody);
  throw new RequestError('BADSTATUS', `response status ${response.status}`, response.status, errorBody);
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (options.responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (options.responseType === 'text') return text as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

const etagCache = new Map<string, { etag: string; data: unknown }>();
const ETAG_CACHE_SIZE = 200;

/**
 * A GET that keeps the last answer per URL: on 304 (or an equal ETag) it returns the very same
 * object, so SWR sees no change and a refresh that answers "unchanged" changes nothing on screen.
 */
export async function getWithEtag<T>(path: string, query?: Query): Promise<T> {
  const key = buildUrl(path, query);
  const cached = etagCache.get(key);
  const response = await send('GET', path, {
    query,
    // Without our own Cache-Control the browser adds "no-cache", and Express then ignores If-None-Match.
    headers: cached ? { 'If-None-Match': cached.etag, 'Cache-Control': 'max-age=0' } : undefined,
  });
  const etag = response.headers.get('ETag');
  if (cached && (response.status === 304 || etag === cached.etag)) return cached.data as T;
  const data = (await response.json()) as T;
  if (etag) {
    etagCache.delete(key);
    etagCache.set(key, { etag, data });
    // Map iteration follows insertion order, so the first key is the least recently stored one.
    if (etagCache.size > ETAG_CACHE_SIZE) etagCache.delete(etagCache.keys().next().value as string);
  }
  return data;
}

/** The resource API of DESIGN.md §3. */
export const resourcePath = (resource: string, id?: number | string) =>
  `/api/${resource}${id === undefined ? '' : `/${id}`}`;
