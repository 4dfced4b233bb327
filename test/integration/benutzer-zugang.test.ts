import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Issue 5: passwords (set, remove, never returned) and the TalentLMS registration. */
describe.each(databases())('Benutzer access on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let tlms: Server;
  const received: { auth?: string; body: string }[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    tlms = createServer(async (req, res) => {
      const body = await readBody(req);
      received.push({ auth: req.headers.authorization, body });
      const params = new URLSearchParams(body);
      res.setHeader('Content-Type', 'application/json');
      if (req.url !== '/api/v1/usersignup') return res.writeHead(404).end('{}');
      if (params.get('email') === 'vergeben@beispiel.de') {
        return res
          .writeHead(400)
          .end(JSON.stringify({ error: { message: 'A user with the same email already exists' } }));
      }
      res.end(JSON.stringify({ id: '42', login: params.get('login') }));
    });
    await new Promise<void>((resolve) => tlms.listen(0, '127.0.0.1', resolve));
    const { port } = tlms.address() as AddressInfo;
    t = await startTestApp(kind, {
      env: { TALENTLMS_URL: `http://127.0.0.1:${port}`, TALENTLMS_API_KEY: 'geheimer-schluessel' },
    });
    api = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => tlms.close(resolve));
  });

  const staffMember = async (benutzername: string) => {
    const b = await api
      .post('/node/api/benutzer')
      .send({ nachname: 'Mitarbeiterin', benutzername, atr_verband_mitarbeiter: true });
    return b.body.id as number;
  };
  const loginStatus = (user: string, password: string) =>
    t
      .anonymous()
      .set('X-Api-Request', '1')
      .post('/node/login')
      .send({ user, password })
      .then((r) => r.status);

  it('sets a password that then logs in, and never returns it', async () => {
    const id = await staffMember('kaethe');
    expect((await api.get(`/node/api/benutzer/${id}/password`)).body).toEqual({ gesetzt: false });
    const set = await api.post(`/node/api/benutzer/${id}/password`).send({ password: 'Sommer-am-Deich-26' });
    expect(set.body).toEqual({ gesetzt: true });
    expect((await api.get(`/node/api/benutzer/${id}/password`)).body).toEqual({ gesetzt: true });
    expect(await loginStatus('kaethe', 'Sommer-am-Deich-26')).toBe(200);
    const read = await api.get(`/node/api/benutzer/${id}`);
    expect(read.body).not.toHaveProperty('password');
    expect(JSON.stringify(read.body)).not.toMatch(/scrypt/);
  });

  it('refuses an empty password', async () => {
    const id = await staffMember('leer');
    const response = await api.post(`/node/api/benutzer/${id}/password`).send({ password: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Das Passwort darf nicht leer sein.');
  });

  it('removes a password, after which the Benutzer cannot log in', async () => {
    const id = await staffMember('entfernt');
    await api.post(`/node/api/benutzer/${id}/password`).send({ password: 'Winter-im-Harz-26' });
    expect((await api.delete(`/node/api/benutzer/${id}/password`)).body).toEqual({ gesetzt: false });
    expect(await loginStatus('entfernt', 'Winter-im-Harz-26')).toBe(401);
  });

  it('hashes through POST /Benutzer/hashPassword and answers no hash', async () => {
    const id = await staffMember('gehasht');
    const response = await api
      .post('/node/api/Benutzer/hashPassword')
      .send({ benutzer_id: id, password: 'Herbst-an-der-Elbe-26' });
    expect(response.body).toEqual({ gesetzt: true });
    expect(await loginStatus('gehasht', 'Herbst-an-der-Elbe-26')).toBe(200);
    expect((await api.post('/node/api/Benutzer/hashPassword').send({ password: 'x' })).status).toBe(400);
  });

  it('registers a Benutzer at TalentLMS and stores the id', async () => {
    const b = await api
      .post('/node/api/benutzer')
      .send({ vorname: 'Lena', nachname: 'Lernt', kennnummer: 'L-1' });
    const email = await api
      .post('/node/api/benutzer-email')
      .send({ benutzer_id: b.body.id, email: 'lena@beispiel.de' });
    await api.put(`/node/api/benutzer/${b.body.id}`).send({ primaeremail_id: email.body.id });
    const response = await api.post(`/node/api/benutzer/${b.body.id}/registerTlmsUser`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: '42', login: 'L-1' });
    const sent = new URLSearchParams(received[received.length - 1].body);
    expect(sent.get('email')).toBe('lena@beispiel.de');
    expect(received[received.length - 1].auth).toBe(
      `Basic ${Buffer.from('geheimer-schluessel:').toString('base64')}`,
    );
    expect((await api.get(`/node/api/benutzer/${b.body.id}`)).body.data.tlms_user_id).toBe('42');
    const again = await api.post(`/node/api/benutzer/${b.body.id}/registerTlmsUser`);
    expect(again.status).toBe(409);
  });

  it('passes TalentLMS refusals on in German and stores nothing', async () => {
    const b = await api.post('/node/api/benutzer').send({ nachname: 'Doppelt' });
    const email = await api
      .post('/node/api/benutzer-email')
      .send({ benutzer_id: b.body.id, email: 'vergeben@beispiel.de' });
    await api.put(`/node/api/benutzer/${b.body.id}`).send({ primaeremail_id: email.body.id });
    const response = await api.post(`/node/api/benutzer/${b.body.id}/registerTlmsUser`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'TalentLMS hat die Registrierung abgelehnt: A user with the same email already exists',
    );
    expect((await api.get(`/node/api/benutzer/${b.body.id}`)).body.data?.tlms_user_id).toBeUndefined();
  });
});

describe('TalentLMS without configuration', () => {
  it("answers 409 'TalentLMS ist nicht konfiguriert'", async () => {
    const t = await startTestApp('sqlite');
    try {
      const api = await t.login();
      const b = await api.post('/node/api/benutzer').send({ nachname: 'Ohne' });
      const response = await api.post(`/node/api/benutzer/${b.body.id}/registerTlmsUser`);
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('TalentLMS ist nicht konfiguriert');
    } finally {
      await t.close();
    }
  });
});
