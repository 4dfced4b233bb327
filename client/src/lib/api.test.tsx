/**
 * Issue 26, "refused is not logged out": only the 403 of a missing or ended session (code
 * NICHT_ANGEMELDET) logs out, through fetch and through uploads with progress alike; any other 403
 * refuses one action, and staff read the server's German reason.
 */
import { act, screen } from '@testing-library/react';
import { NICHT_ANGEMELDET } from '../../../common/anmeldung';
import { uploadWithProgress } from '../components/files/api';
import { api, meansLoggedOut, onUnauthorized, RequestError } from './api';
import { reportError } from './errors';

const NUR_ADMIN = {
  statusCode: 403,
  code: 'NUR_ADMIN',
  message: 'Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.',
};
const ABGEMELDET = { statusCode: 403, code: NICHT_ANGEMELDET, message: 'Sie sind nicht angemeldet.' };

/** fetch answering every call with `status` and the JSON `body`. */
function answerAll(status: number, body: unknown): void {
  globalThis.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    headers: { get: () => null },
    json: async () => body,
    text: async () => JSON.stringify(body),
  })) as unknown as typeof fetch;
}

/** An XMLHttpRequest that answers every send with `status` and the JSON `body`. */
function xhrAnswering(status: number, body: unknown): void {
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
}

describe('a 403 and the session', () => {
  const loggedOut = jest.fn();
  beforeEach(() => {
    loggedOut.mockReset();
    onUnauthorized(loggedOut);
  });

  it('means logged out only with the code NICHT_ANGEMELDET', () => {
    expect(meansLoggedOut(403, ABGEMELDET)).toBe(true);
    expect(meansLoggedOut(403, NUR_ADMIN)).toBe(false);
    expect(meansLoggedOut(403, { message: 'Zugriff verweigert' })).toBe(false);
    expect(meansLoggedOut(403, undefined)).toBe(false);
    expect(meansLoggedOut(404, { ...ABGEMELDET, statusCode: 404 })).toBe(false);
  });

  it('logs out when a call finds the session gone', async () => {
    answerAll(403, ABGEMELDET);
    await expect(api.get('/api/benutzer')).rejects.toBeInstanceOf(RequestError);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('stays logged in when a call is refused for want of a right, and carries the reason', async () => {
    answerAll(403, NUR_ADMIN);
    const error = await api
      .put('/api/benutzer/7', { atr_verband_mitarbeiter: true })
      .catch((e: unknown) => e);
    expect(loggedOut).not.toHaveBeenCalled();
    expect(error).toMatchObject({ status: 403, displayMessage: NUR_ADMIN.message });
  });

  it('decides the same for uploads with progress', async () => {
    const datei = new File(['x'], 'vorlage.pdf');
    xhrAnswering(403, NUR_ADMIN);
    await expect(
      uploadWithProgress('POST', '/api/vorlage/files', datei, () => undefined),
    ).rejects.toMatchObject({
      status: 403,
      displayMessage: NUR_ADMIN.message,
    });
    expect(loggedOut).not.toHaveBeenCalled();
    xhrAnswering(403, ABGEMELDET);
    await expect(
      uploadWithProgress('POST', '/api/vorlage/files', datei, () => undefined),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });

  it('shows the reason of a refusal as a message, and nothing for the end of the session', async () => {
    const report = (status: number, body: object) =>
      act(async () => reportError(new RequestError('BADSTATUS', `response status ${status}`, status, body)));
    const refusal = { ...NUR_ADMIN, message: 'Nur Administratoren dürfen Administratorrechte vergeben.' };
    await report(403, refusal);
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    await report(403, ABGEMELDET);
    // Messages are shown in the order reported: once the next one is there, the end of the session had its turn.
    await report(409, { message: 'Schon vergeben.' });
    expect(await screen.findByText('Schon vergeben.')).toBeTruthy();
    expect(screen.queryByText(ABGEMELDET.message)).toBeNull();
  });
});

describe('a request that does not reach the server', () => {
  it('says so in German, naming the chosen file for an upload', async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(api.get('/api/benutzer')).rejects.toMatchObject({
      code: 'NETZWERK',
      displayMessage:
        'Die Anfrage kam nicht beim Server an: der Server ist nicht erreichbar. Bitte erneut versuchen.',
    });
    await expect(api.post('/datev-import', new FormData())).rejects.toMatchObject({
      displayMessage: expect.stringContaining('die gewählte Datei wurde nach der Auswahl geändert'),
    });
  });
});
