import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium keeps only the last `--disable-features` it is given, and Playwright passes its own before
 * ours: ours repeats Playwright's (browser-flags.test.ts fails when Playwright's list grows).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Each window preloads the address bar's suggestion popup as a page of its own
 * (chrome://omnibox-popup.top-chrome), whose renderer kept a core 50-90% busy in browser test files and
 * was 40% of Chromium's CPU (public, identity and layout e2e: 51.7 -> 30.6 CPU-s, 47 -> 34 s); a test
 * never opens the address bar.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

/** Chromium may still be installing (apt) when tests start: wait for the binary a little. */
async function waitForChromium(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(chromiumPath)) {
    if (Date.now() > deadline) throw new Error(`Chromium not found at ${chromiumPath}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

let shared: Promise<Browser> | null = null;

/**
 * This worker's browser. The first browser test file a vitest worker runs launches it; the files after
 * it (one at a time, in the same process: `isolate: false`) reuse it, each in contexts of its own; it
 * closes when the worker exits (Playwright ends the browsers it launched).
 */
export async function workerBrowser({ waitMs = 120_000 }: { waitMs?: number } = {}): Promise<Browser> {
  const current = shared && (await shared.catch(() => null));
  if (current?.isConnected()) return current;
  shared = waitForChromium(waitMs).then(() => chromium.launch({ executablePath: chromiumPath, args: launchArgs }));
  shared.catch(() => (shared = null));
  return shared;
}

/** Closes what a test file opened in the worker's browser (its contexts), leaving the browser for the next file. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
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

/** Records every toast text the page shows, as it appears (success toasts last only 500 ms). */
export async function recordToasts(tab: TestPage): Promise<TestPage> {
  await tab.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('.toast__message').forEach((el) => {
        const key = el as HTMLElement & { __recorded?: boolean };
        if (!key.__recorded) {
          key.__recorded = true;
          seen.push(el.textContent ?? '');
        }
      });
    }).observe(document, { childList: true, subtree: true });
  });
  return tab;
}

/** Waits until a page that records its toasts has shown this text; a failure says what it showed instead. */
export const toasted = (page: Page, text: string, timeout = 20_000) =>
  page
    .waitForFunction((t) => (window as unknown as { __toasts: string[] }).__toasts.includes(t), text, { timeout })
    .catch(async (err) => {
      const seen = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts).catch(() => null);
      throw new Error(`${(err as Error).message}: no toast '${text}' on ${page.url()}; toasts ${JSON.stringify(seen)}; page: ${await page.locator('body').innerText()}`);
    });

/** Nothing on the page is loading any more: no busy region, spinner or route progress, and no "Loading" in its main content. */
export const settled = (page: Page, timeout = 15_000) =>
  page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading, .route-progress') && !/Loading/.test(document.querySelector('main')?.textContent ?? ''), null, {
    timeout,
  });

/**
 * Loads `path` (or, without one, the current page) again and again until `shows` answers something
 * (read models trail the writes by a moment), each time once the page has settled (its data loaded: a
 * check made at the load event saw "Loading..." on a busy machine, every time, for a minute); a failure
 * says what the page showed last.
 */
export async function loadUntil<T>(page: Page, path: string | null, what: string, shows: () => Promise<T | false | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await (path === null ? page.reload() : page.goto(path));
    await settled(page).catch(() => {});
    const value = await shows();
    if (value) return value;
    if (Date.now() > until) throw new Error(`${page.url()} never showed ${what}; it showed: ${await page.locator('body').innerText().catch(() => '?')}`);
  }
}

/**
 * Where the dotted names (`code`) inside `table` wrap other than after a dot or an underscore (each
 * as "<name> after <the character before the break>"), how many names it read, and how far its
 * scrolling box hides its columns: a meter's name should wrap as `llm.default.` / `output_tokens`,
 * never as `llm.defaul` / `t.`.
 */
export async function nameBreaks(table: Locator): Promise<{ names: number; inside: string[]; hidden: number }> {
  return table.evaluate((t) => {
    const scroll = t.closest('.table-scroll')!;
    const inside: string[] = [];
    for (const code of t.querySelectorAll('code')) {
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      let top: number | null = null;
      let before = '';
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const at = Math.round(range.getBoundingClientRect().top);
          if (top !== null && at > top + 2 && before !== '.' && before !== '_') inside.push(`${code.textContent} after "${before}"`);
          top = at;
          before = node.data[i];
        }
      }
    }
    return { names: t.querySelectorAll('code').length, hidden: scroll.scrollWidth - scroll.clientWidth, inside };
  });
}
