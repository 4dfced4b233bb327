/**
 * The queue dashboard 'Aufträge' (issue 15 "Processes") in Chromium. The app runs on BullMQ with a
 * Redis of the test's own; a worker of the test on the same Redis stands for a worker process. Its
 * job fails until the test lets it succeed: staff find the failed job under its name with reason and
 * attempts, retry it, and see the counts change. Screenshots in test-results/screenshots/auftraege/.
 */
import { Logger } from '@nestjs/common';
import { BullMqJobQueue } from '../../src/platform/queue/bullmq-job-queue';
import { privateRedis, type PrivateRedis } from '../support/private-redis';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

const NAME = 'pruefauftrag';

let redis: PrivateRedis;
beforeAll(async () => {
  redis = await privateRedis();
  await redis.start();
});

const session = browserSession('auftraege', () => ({ REDIS_URL: redis.url }));
let page: typeof session.page;
let server: typeof session.server;

let worker: BullMqJobQueue;
let gelingt = false;
let failedId: string;
beforeAll(async () => {
  ({ page, server } = session);
  // The worker's failures are logged as errors; here they are made on purpose.
  jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  worker = new BullMqJobQueue({ url: redis.url });
  worker.register<{ dispatcherId: number }>(NAME, async (job) => {
    if (!gelingt) throw new Error(`SMTP-Server für Dispatcher ${job.data.dispatcherId} nicht erreichbar`);
  });
  failedId = await worker.add(NAME, { dispatcherId: 7, passwort: 'geheim' }, { attempts: 2, backoffMs: 10 });
  await eventually(async () => expect((await worker.getJob(NAME, failedId))?.state).toBe('failed'));
});

// Declared after the session's: the app stops before its Redis does.
afterAll(async () => {
  await worker?.close();
  await redis?.remove();
  jest.restoreAllMocks();
});

const zeile = (name: string) => page.locator(`.auftraege-zaehlung tr[data-auftrag="${name}"]`);
const zelle = (name: string, zustand: string) => zeile(name).locator(`td[data-zustand="${zustand}"]`);

describe('Aufträge', () => {
  it('lists the jobs of every process by name and the failed ones with reason and attempts', async () => {
    await page.goto(`${server.url}/#/auftraege`);
    await page.getByRole('menu', { name: 'Hauptmenü' }).getByText('Aufträge', { exact: true }).waitFor();
    await visible(zeile(NAME));
    // The app's own jobs under German names: the hourly check of the automatic newsletters.
    await hasText(zeile('newsletter-automatik').locator('td').first(), 'Automatische Newsletter');
    await hasText(zelle(NAME, 'failed'), '1');
    await hasText(zelle(NAME, 'completed'), '0');

    // The first name with failures is chosen at once.
    const fehlgeschlagen = page.getByRole('region', { name: `Fehlgeschlagen: ${NAME}` });
    const auftrag = fehlgeschlagen.locator(`tr[data-auftrag-id="${failedId}"]`);
    await visible(auftrag);
    await hasText(auftrag.locator('td').nth(1), 'Dispatcher 7');
    await hasText(auftrag.locator('td').nth(2), 'SMTP-Server für Dispatcher 7 nicht erreichbar');
    await hasText(auftrag.locator('td').nth(3), '2 von 2');
    await hasText(auftrag.locator('td').nth(5), /^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
    expect(await page.locator('main').textContent()).not.toContain('geheim');
    await session.shot('1-fehlgeschlagen');
  });

  it('retries a failed job: it runs again and the counts change', async () => {
    gelingt = true;
    const fehlgeschlagen = page.getByRole('region', { name: `Fehlgeschlagen: ${NAME}` });
    await fehlgeschlagen.getByRole('button', { name: 'Erneut versuchen' }).click();

    await visible(page.locator('.bp6-toast', { hasText: `Auftrag ${failedId} wird erneut versucht` }));
    await hasText(zelle(NAME, 'completed'), '1');
    await hasText(zelle(NAME, 'failed'), '0');
    await hasText(fehlgeschlagen.locator('tbody td').first(), 'keine Daten vorhanden');
    expect((await worker.getJob(NAME, failedId))?.state).toBe('completed');
    await session.shot('2-erneut-versucht');
  });

  it('shows the failed jobs of a name chosen in the table', async () => {
    await zeile('newsletter-automatik').click();
    const gewaehlt = page.getByRole('region', { name: 'Fehlgeschlagen: Automatische Newsletter' });
    await hasText(gewaehlt.locator('tbody td').first(), 'keine Daten vorhanden');
    await session.shot('3-andere-auswahl');
  });
});
