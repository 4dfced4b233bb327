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

export const visible = (locator: Locator) =>
  locator.first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });

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
