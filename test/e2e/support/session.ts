/**
 * One logged-in staff session in Chromium against the built app, for a browser test file: starts
 * the server and the browser, logs in as admin, fails each step on uncaught page errors, and
 * stops everything afterwards. Register it at the top level of the test file.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../support/server';
import { eventually, launchChromium } from './browser';

export interface BrowserSession {
  readonly page: Page;
  readonly server: RunningServer;
  /** The API as the logged-in browser sees it (same cookie), for setting up and checking data. */
  api<T = unknown>(
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<T>;
  /** A full-page screenshot into test-results/screenshots/{folder}/{name}.png, to be looked at. */
  shot(name: string): Promise<void>;
  /** The same once the messages of earlier steps are closed and dialogs have finished fading. */
  ruhigesBild(name: string): Promise<void>;
}

/** `env` is read when the session starts, so a test may start the services it names first. */
export function browserSession(
  folder: string,
  env: () => Record<string, string> = () => ({}),
): BrowserSession {
  const dir = join(__dirname, '..', '..', '..', 'test-results', 'screenshots', folder);
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    server = await startServer(env());
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      locale: 'de-DE',
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Whatever the Content-Security-Policy blocks is broken for staff too.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        pageErrors.push(message.text());
    });
    await page.goto(`${server.url}/#/login`);
    await page.locator('#login-user').fill('admin');
    await page.locator('#login-password').fill(server.adminPassword);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL(/#\/newsletter\/newsletter$/);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    // No screen may crash: uncaught errors in the page fail the step that caused them.
    expect(pageErrors.splice(0)).toEqual([]);
  });

  return {
    get page() {
      return page;
    },
    get server() {
      return server;
    },
    async api<T>(
      method: 'GET' | 'PUT' | 'POST',
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<T> {
      const response = await page.request.fetch(`${server.url}/node${path}`, {
        method,
        data: body,
        headers: method === 'GET' ? headers : { 'X-Api-Request': '1', ...headers },
      });
      expect(response.status()).toBeLessThan(300);
      return (await response.json()) as T;
    },
    shot: (name) => page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).then(() => undefined),
    async ruhigesBild(name) {
      for (const close of await page.locator('.bp6-toast .bp6-button').all())
        await close.click().catch(() => undefined);
      await eventually(async () =>
        expect(
          await page.locator('[class*="-enter-active"], [class*="-exit-active"], .bp6-toast').count(),
        ).toBe(0),
      );
      await this.shot(name);
    },
  };
}
