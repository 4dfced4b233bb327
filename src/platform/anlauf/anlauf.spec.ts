import { Logger } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Anlauf, DIENST_STARTET } from './anlauf';
import type { Dienst } from './dienste';

/** A service that is away until `komme()`. */
function dienst(name: Dienst['name'], bezeichnung: string) {
  let da = false;
  let versuche = 0;
  const self: Dienst & { komme(): void; gehe(): void; versuche(): number } = {
    name,
    bezeichnung,
    pruefe: async () => {
      versuche++;
      if (!da) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    },
    komme: () => (da = true),
    gehe: () => (da = false),
    versuche: () => versuche,
  };
  return self;
}

describe('the start-up gate', () => {
  let anlauf: Anlauf;
  let url: string;
  const logs: string[] = [];
  const logger = {
    log: (m: string) => logs.push(`log ${m}`),
    warn: (m: string) => logs.push(`warn ${m}`),
  } as unknown as Logger;
  const db = dienst('database', 'Datenbank');
  const redis = dienst('redis', 'Redis');

  beforeAll(async () => {
    anlauf = new Anlauf([db, redis], logger);
    await anlauf.listen(0);
    url = `http://127.0.0.1:${(anlauf.server.address() as AddressInfo).port}`;
  });
  afterAll(() => anlauf.beende());

  it('answers every request 503 in German, naming what is missing, until the services come; then passes them on', async () => {
    const warten = anlauf.warte();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const health = await fetch(`${url}/node/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: 'error',
      message:
        'Die Verbandsverwaltung startet gerade: Datenbank und Redis sind noch nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      details: { database: 'down', redis: 'down' },
    });
    const api = await fetch(`${url}/node/api/benutzer?limit=1`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(await api.json()).toMatchObject({ statusCode: 503, code: DIENST_STARTET });
    const page = await fetch(`${url}/seminare`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');

    redis.komme();
    // The next round (0.5 s, 1 s, 2 s … after the last) sees it.
    for (let i = 0; i < 60 && (await (await fetch(`${url}/node/health`)).json()).details.redis !== 'up'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const einer = await (await fetch(`${url}/node/health`)).json();
    expect(einer.details).toEqual({ database: 'down', redis: 'up' });
    expect(einer.message).toMatch(/startet gerade: Datenbank ist noch nicht erreichbar\./);

    db.komme();
    await expect(warten).resolves.toBe(true);
    // Each change logged once, not every attempt.
    expect(db.versuche()).toBeGreaterThan(2);
    expect(logs).toEqual([
      'warn Datenbank ist nicht erreichbar (connect ECONNREFUSED 127.0.0.1:1); die Anwendung wartet und versucht es weiter.',
      'warn Redis ist nicht erreichbar (connect ECONNREFUSED 127.0.0.1:1); die Anwendung wartet und versucht es weiter.',
      'log Redis ist erreichbar.',
      'log Datenbank ist erreichbar.',
    ]);

    // Built, not yet handed over: still 503, without a missing service.
    const bauen = await (await fetch(`${url}/node/api/benutzer`)).json();
    expect(bauen.message).toBe(
      'Die Verbandsverwaltung startet gerade. Bitte versuchen Sie es gleich noch einmal.',
    );
    anlauf.bereit((_req, res) => res.end('die Anwendung'));
    expect(await (await fetch(`${url}/node/api/benutzer`)).text()).toBe('die Anwendung');
  });

  it('stops waiting when it is ended', async () => {
    const fern = dienst('database', 'Datenbank');
    const anderer = new Anlauf([fern], logger);
    const warten = anderer.warte();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await anderer.beende();
    await expect(warten).resolves.toBe(false);
  });
});

describe('ending the gate', () => {
  it('closes a keep-alive connection as soon as its answer is out', async () => {
    const anlauf = new Anlauf([], { log: () => undefined, warn: () => undefined } as unknown as Logger);
    await anlauf.listen(0);
    const port = (anlauf.server.address() as AddressInfo).port;
    anlauf.bereit((_req, res) => setTimeout(() => res.end('spät'), 300));
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<string>((resolve) =>
      http.get({ port, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await anlauf.beende();
    // Not the 5 s keep-alive timeout.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await answer).toBe('spät');
    agent.destroy();
  });
});
