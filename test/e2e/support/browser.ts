/**
 * Small helpers for browser tests with playwright-core, which (unlike @playwright/test) brings no
 * auto-waiting assertions: each helper polls until the page shows what is expected.
 */
import { chromium, type Browser, type Locator } from 'playwright-core';
import { eventually } from '../../support/eventually';

export { eventually };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

const TIMEOUT_MS = 10000;

/**
 * Waits for the locator to show. When it does not, the failure names the messages, alerts and
 * dialogs the page showed meanwhile (a message closes itself after a few seconds, and CI prints
 * only the log, not the screenshots).
 */
export async function visible(locator: Locator): Promise<void> {
  const gesehen = new Set<string>();
  const anzeigen = locator.page().locator('.bp6-toast, .bp6-alert, .bp6-dialog');
  const ende = Date.now() + TIMEOUT_MS;
  for (;;) {
    if (await locator.first().isVisible()) return;
    for (const t of await anzeigen.allTextContents()) gesehen.add(`„${t.trim()}“`);
    if (Date.now() > ende) {
      const stattdessen = gesehen.size ? [...gesehen].join(', ') : 'keine Meldung';
      throw new Error(
        `${String(locator)} erschien nicht in ${TIMEOUT_MS} ms; die Seite zeigte: ${stattdessen}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').trim();

/** Exact text for a string, a match for a pattern. */
export const hasText = (locator: Locator, want: string | RegExp) =>
  eventually(async () => {
    if (typeof want === 'string') expect(await text(locator)).toBe(want);
    else expect(await text(locator)).toMatch(want);
  });

export const hasCount = (locator: Locator, count: number) =>
  eventually(async () => expect(await locator.count()).toBe(count));

export const hasValue = (locator: Locator, value: string) =>
  eventually(async () => expect(await locator.first().inputValue()).toBe(value));
