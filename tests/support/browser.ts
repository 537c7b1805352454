import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Chromium may still be installing (apt) when tests start: wait for the binary a little. */
async function waitForChromium(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(chromiumPath)) {
    if (Date.now() > deadline) throw new Error(`Chromium not found at ${chromiumPath}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function launchBrowser({ waitMs = 120_000 }: { waitMs?: number } = {}): Promise<Browser> {
  await waitForChromium(waitMs);
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close: () => Promise<void>;
}

/** A page in a fresh context whose relative `goto('/path')` resolves against baseUrl. */
export async function newPage(browser: Browser, baseUrl: string): Promise<TestPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors, close: () => context.close() };
}
