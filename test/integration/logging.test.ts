import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type request from 'supertest';
import { createRecord } from '../support/crud';
import { eventually } from '../support/eventually';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 18, logs: one JSON line per request with its request id (also in X-Request-Id), the staff
 * id, method, path, status and duration, and no password, session id or IBAN in any line.
 */
describe('request log', () => {
  const file = join(tmpdir(), `verband-log-${process.pid}-${Date.now()}.jsonl`);
  const NEW_PASSWORD = 'Neues-Passwort-7';
  const IBAN = 'DE89370400440532013000';
  let t: TestApp;
  let staff: request.Agent;
  let sessionId: string;
  const answers: request.Response[] = [];
  const lines = () =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /** A request's line, told by its fields, not by the request id it is checked for. */
  const isRequestLine = (line: Record<string, unknown>) =>
    typeof line.method === 'string' && typeof line.status === 'number';

  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { LOG_LEVEL: 'info', LOG_FILE: file } });
    staff = t.anonymous().set('X-Api-Request', '1');
    const login = await staff.post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    sessionId = /verband\.sid=([^;]+)/.exec(String(login.headers['set-cookie']))![1];
    answers.push(login);
    answers.push(
      await staff.post('/node/setPassword').send({ old_password: ADMIN_PASSWORD, password: NEW_PASSWORD }),
    );
    const benutzer = await createRecord(staff, 'benutzer', { nachname: 'Kontoinhaber' });
    answers.push(
      await staff
        .post('/node/api/benutzer-konto')
        .send({ benutzer_id: benutzer.id, iban: 'DE89 3704 0044 0532 0130 00', inhaber: 'K. Inhaber' }),
    );
    answers.push(await staff.get('/node/api/benutzer-konto').query({ search: IBAN }));
    answers.push(
      await staff.get('/node/api/benutzer-konto').query({ where: JSON.stringify({ iban: IBAN }) }),
    );
    answers.push(await staff.get('/node/loginInfo').set('X-Request-Id', 'lb-4711.abc'));
    answers.push(await staff.get('/node/loginInfo').set('X-Request-Id', '<script>{"level":60}</script>'));
    answers.push(await t.anonymous().get('/node/api/benutzer'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(file, { force: true });
  });

  it('answered every call as expected', () => {
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 200, 200, 200, 200, 403]);
    expect(answers[3].body).toHaveLength(1);
  });

  it('writes one line per request with the id of its X-Request-Id header, staff, method, path, status and duration', async () => {
    await eventually(() =>
      expect(lines().filter(isRequestLine).length).toBeGreaterThanOrEqual(answers.length + 1),
    );
    const requestLines = lines().filter(isRequestLine);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    for (const answer of answers) {
      const id = answer.headers['x-request-id'];
      expect(id).toEqual(expect.any(String));
      const matching = requestLines.filter((line) => line.reqId === id);
      expect(matching).toHaveLength(1);
      const { method, url } = answer.request as unknown as { method: string; url: string };
      expect(matching[0]).toMatchObject({
        method,
        path: new URL(url).pathname,
        status: answer.status,
        durationMs: expect.any(Number),
      });
    }
    const [login, password, , list] = answers.map((a) =>
      requestLines.find((l) => l.reqId === a.headers['x-request-id'])!,
    );
    expect(login.staffId).toEqual(expect.any(Number));
    expect(password.staffId).toBe(login.staffId);
    expect(list.staffId).toBe(login.staffId);
    expect(requestLines.find((l) => l.reqId === answers[7].headers['x-request-id'])).not.toHaveProperty(
      'staffId',
    );
  });

  it("takes a caller's plain X-Request-Id and replaces anything else", () => {
    expect(answers[5].headers['x-request-id']).toBe('lb-4711.abc');
    expect(answers[6].headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs no password, session id, cookie or IBAN', () => {
    const text = readFileSync(file, 'utf8');
    for (const secret of [
      ADMIN_PASSWORD,
      NEW_PASSWORD,
      sessionId,
      decodeURIComponent(sessionId),
      IBAN,
      '3704 0044',
      '0532013000',
    ])
      expect(text).not.toContain(secret);
    // The search and the filter were logged, with the IBAN masked.
    expect(text).toContain('search=DE…00');
  });
});

describe('the first start without ADMIN_PASSWORD', () => {
  const file = join(tmpdir(), `verband-log-erststart-${process.pid}-${Date.now()}.jsonl`);
  let t: TestApp;
  let printed = '';

  beforeAll(async () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      printed += String(chunk);
      return true;
    });
    try {
      t = await startTestApp('sqlite', { env: { ADMIN_PASSWORD: '', LOG_LEVEL: 'info', LOG_FILE: file } });
    } finally {
      write.mockRestore();
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(file, { force: true });
  });

  it('prints the one-time password to the terminal, not into the log', async () => {
    const password = /Einmaliges Passwort für "admin": (\S+)/.exec(printed)?.[1];
    expect(password).toEqual(expect.any(String));
    await t.login('admin', password);
    await eventually(() => expect(readFileSync(file, 'utf8')).toContain('POST /node/login 200'));
    expect(readFileSync(file, 'utf8')).not.toContain(password!);
  });
});
