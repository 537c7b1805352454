import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, PRO_PLAN } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';
import { waitFor } from '../support/processes';

/** Issue 23 items 5 and 6: what /profile says about credits and the plan right after a billing action, at 1280 and 390 px. */
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

/** A member on Starter (paid through the simulator), with a low-balance alert at 300 and 4 credits spent: 296 available. */
async function starterMember(email: string): Promise<Client> {
  const { client } = await memberWithOrg(app, email);
  const checkout = await client.post('/api/stripe/create-checkout-session', { subscriptionId: STARTER.id });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const sessionId = String(checkout.body.url).split('/').pop();
  expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(200);
  await waitFor("Starter's credits", async () => (await client.get('/api/me/credits')).body.balance === 300, 60_000);
  expect((await client.put('/api/me/alerts', { lowBalanceCredits: 300 })).status).toBe(200);
  expect((await client.post('/api/usage', { credits: 4, description: 'a board session', idempotencyKey: `${email}-spend` })).status).toBe(200);
  return client;
}

async function tabFor(client: Client, width: number): Promise<TestPage> {
  const tab = await newPage(browser, app.url);
  await tab.page.setViewportSize({ width, height: 900 });
  const [name, value] = client.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: app.url }]);
  return tab;
}

const banner = (page: Page) => page.getByTestId('credit-alert-banner');

describe.each([1280, 390])('/profile after billing actions at %i px', (width) => {
  let member: Client;
  let tab: TestPage;

  beforeAll(async () => {
    member = await starterMember(`states-${width}@example.com`);
    tab = await tabFor(member, width);
  }, 120_000);
  afterAll(() => tab?.close());

  it('item 5: the low-balance banner says credits are low, without claiming spending is refused', async () => {
    const { page } = tab;
    await page.goto('/profile');
    await expect.poll(() => banner(page).textContent(), { timeout: 15_000 }).toContain('Only 296 credits are available, below your alert threshold of 300.');
    expect(await banner(page).textContent()).not.toContain('Spending is refused');
  });

  it('item 6: after an upgrade /profile shows the new plan, its renewal, its grant and a banner that follows the balance, without a reload', async () => {
    const { page } = tab;
    await page.goto('/subscribe/plan-pro-monthly');
    await page.locator('.subscribe__card button').click();
    await page.waitForURL('**/profile');
    // No reload: what the page shows once it has settled must be the new state (it stayed old for 15 s and more).
    await page.locator('#plan-title', { hasText: /^Pro$/ }).waitFor({ timeout: 15_000 });
    await page.getByTestId('billing-state').filter({ hasText: /^Renews on / }).waitFor({ timeout: 15_000 });
    await page.locator('#transactions-title + .table-scroll td', { hasText: 'Pro: upgrade from Starter' }).waitFor({ timeout: 15_000 });
    await banner(page).waitFor({ state: 'detached', timeout: 15_000 });
    const balance = Number((await page.getByTestId('credit-balance').textContent())!.replace(/,/g, ''));
    expect(balance).toBeGreaterThanOrEqual(996);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });

  it('item 5: at 0 available the banner says so, and that spending is refused', async () => {
    const { page } = tab;
    const { available } = (await member.get('/api/me/credits')).body;
    expect((await member.post('/api/usage', { credits: available, description: 'everything', idempotencyKey: `all-${width}` })).status).toBe(200);
    await page.goto('/profile');
    await expect.poll(() => banner(page).textContent(), { timeout: 15_000 }).toContain('Your organization has no credits available.');
    expect(await banner(page).textContent()).toContain('Spending is refused until credits are added.');
  });
});
