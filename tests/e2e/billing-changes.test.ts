import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, PRO_PLAN } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';
import { waitFor } from '../support/processes';

/** Issue 23 items 1 and 3 in Chromium at 1280 and 390 px: a scheduled downgrade is called off from /profile and /pricing; a change says what it does. */
let app: TestApp;
let browser: Browser;

const STARTER = { id: 'plan-starter', name: 'Starter', price_usd: 10, monthly_credits: 300, is_one_time: false };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await createPlans(await signInAdmin(app.url), PRO_PLAN, STARTER);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  return waitFor(what, async () => {
    last = await read();
    return done(last) && { value: last };
  }, 60_000).then(({ value }) => value, (err: Error) => {
    throw new Error(`${err.message}; last read: ${JSON.stringify(last)}`);
  });
}

/** A member subscribed to a plan through the simulator, once its credits came. */
async function subscribed(email: string, planId: string, credits: number): Promise<Client> {
  const { client } = await memberWithOrg(app, email);
  const checkout = await client.post('/api/stripe/create-checkout-session', { subscriptionId: planId });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const sessionId = String(checkout.body.url).split('/').pop();
  expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(200);
  await until('the plan\'s credits', async () => (await client.get('/api/me/credits')).body.balance, (b) => b === credits);
  return client;
}

const pending = async (client: Client) => ((await client.get('/api/me/billing')).body.subscriptions[0]?.pendingPlanId ?? null) as string | null;

async function scheduleStarter(client: Client) {
  expect((await client.post('/api/stripe/create-checkout-session', { subscriptionId: STARTER.id })).status).toBe(200);
  await until('the scheduled downgrade', () => pending(client), (p) => p === STARTER.id);
}

async function tabFor(client: Client, width: number): Promise<TestPage> {
  const tab = await newPage(browser, app.url);
  await tab.page.setViewportSize({ width, height: 900 });
  const [name, value] = client.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: app.url }]);
  return tab;
}

const fits = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.each([1280, 390])('plan changes in the browser at %i px', (width) => {
  let pro: Client;
  let tab: TestPage;

  beforeAll(async () => {
    pro = await subscribed(`keep-${width}@example.com`, PRO_PLAN.id, 1200);
    tab = await tabFor(pro, width);
  }, 120_000);
  afterAll(() => tab?.close());

  it('item 1: /profile shows the scheduled downgrade with a "Keep Pro" action that calls it off', async () => {
    await scheduleStarter(pro);
    const { page } = tab;
    await page.goto('/profile');
    await page.getByTestId('billing-state').filter({ hasText: /^Starter from \d{4}-\d{2}-\d{2}$/ }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Keep Pro' }).click();
    await page.getByTestId('billing-state').filter({ hasText: /^Renews on / }).waitFor({ timeout: 15_000 });
    expect(await pending(pro)).toBeNull();
    await fits(page, width);
  });

  it('item 1: /pricing shows Pro with "Keep Pro" (not a disabled "Selected") while Starter is scheduled, and calls it off', async () => {
    await scheduleStarter(pro);
    const { page } = tab;
    await page.goto('/pricing');
    const proTile = page.locator('.plan-tile', { has: page.locator('#plan-plan-pro-monthly') });
    const keep = proTile.getByRole('button', { name: 'Keep Pro' });
    await keep.waitFor({ timeout: 15_000 });
    expect(await page.locator('.plan-tile', { has: page.locator('#plan-plan-starter') }).getByRole('button', { name: 'Scheduled' }).isDisabled()).toBe(true);
    await fits(page, width);
    await keep.click();
    await proTile.getByRole('button', { name: 'Selected' }).waitFor({ timeout: 15_000 });
    expect(await pending(pro)).toBeNull();
  });

  it('item 1: /subscribe/<pro> offers "Keep Pro" while a downgrade is scheduled', async () => {
    await scheduleStarter(pro);
    const { page } = tab;
    await page.goto(`/subscribe/${PRO_PLAN.id}`);
    const button = page.locator('.subscribe__card button', { hasText: 'Keep Pro' });
    await button.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('change-note').textContent()).toMatch(/^Starter is scheduled from \d{4}-\d{2}-\d{2}\. Keep Pro to call the change off\.$/);
    await button.click();
    await page.waitForURL('**/profile');
    await until('the call-off', () => pending(pro), (p) => p === null);
  });

  it('item 3: the subscribe page says what a change does, and an upgrade brings the plan\'s one-time credits', async () => {
    const starter = await subscribed(`upgrade-${width}@example.com`, STARTER.id, 300);
    const own = await tabFor(starter, width);
    try {
      const { page } = own;
      await page.goto(`/subscribe/${PRO_PLAN.id}`);
      const button = page.locator('.subscribe__card button', { hasText: /^Upgrade now: \$\d+\.\d{2} today \(prorated\), \+900 credits$/ });
      await button.waitFor({ timeout: 15_000 });
      await fits(page, width);
      await button.click();
      await page.waitForURL('**/profile');
      await until('the upgrade\'s credits', async () => (await starter.get('/api/me/credits')).body.balance, (b) => b === 1200);
      // Back on Pro, Starter is a downgrade from the period's end.
      await page.goto(`/subscribe/${STARTER.id}`);
      await page.locator('.subscribe__card button', { hasText: /^Starter from \d{4}-\d{2}-\d{2}$/ }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.subscribe__card button').textContent()).not.toContain('Start Subscription');
    } finally {
      await own.close();
    }
  });
});
