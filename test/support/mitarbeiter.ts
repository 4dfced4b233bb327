import type request from 'supertest';
import type { TestApp } from './test-app';

/** The admin of a test app and a member of staff without the admin right, both logged in. */
export interface MitarbeiterKonten {
  admin: request.Agent;
  adminId: number;
  mitarbeiter: request.Agent;
  mitarbeiterId: number;
  /** A Benutzer as the admin reads it. */
  benutzer(id: number): Promise<Record<string, unknown> & { id: number }>;
}

/**
 * Logs in as the admin and makes a member of staff (`atr_verband_mitarbeiter`, no admin right)
 * with this login and password, logged in too: the setting of the staff account guarantees.
 */
export async function mitarbeiterKonten(
  t: TestApp,
  konto: { nachname: string; vorname: string; benutzername: string; password: string },
): Promise<MitarbeiterKonten> {
  const admin = await t.login();
  const adminId = (await admin.get('/node/loginInfo')).body.id;
  const { password, ...felder } = konto;
  const created = await admin.post('/node/api/benutzer').send({ ...felder, atr_verband_mitarbeiter: true });
  expect(created.status).toBe(201);
  const mitarbeiterId = created.body.id;
  expect((await admin.post(`/node/api/benutzer/${mitarbeiterId}/password`).send({ password })).status).toBe(
    200,
  );
  return {
    admin,
    adminId,
    mitarbeiter: await t.login(konto.benutzername, password),
    mitarbeiterId,
    benutzer: async (id) => (await admin.get(`/node/api/benutzer/${id}`)).body,
  };
}
