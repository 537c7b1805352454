import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, loadUntil, workerBrowser, newPage, recordToasts, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';
import { createPlans, eventually, PRO_PLAN } from '../integration/stripe-support';

let app: TestApp;
let browser: Browser;
let member: TestPage;

const STARTER = { id: 'plan-starter', name: 'Starter', price_usd: 10, monthly_credits: 300, is_one_time: false };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await createPlans(await signInAdmin(app.url), PRO_PLAN, STARTER);
  await memberWithOrg(app, 'switcher@example.com');
  member = await recordToasts(await newPage(browser, app.url));
  expect((await member.page.request.post('/api/auth/dev-login', { data: { email: 'switcher@example.com', name: 'Sid Switcher' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

/** Reloads /profile until the billing card says `text` (the worker applies Stripe's events a moment later). */
async function billingSays(text: RegExp) {
  const { page } = member;
  return loadUntil(page, '/profile', String(text), async () => {
    const shown = await page.getByTestId('billing-state').textContent({ timeout: 10_000 });
    return text.test(shown ?? '') && shown;
  });
}

describe('changing plans in the browser', { timeout: 120_000 }, () => {
  it('subscribe to Pro, switch to Starter (from the period end), open the portal, cancel: /profile shows each state', async () => {
    const { page } = member;
    await page.goto('/subscribe/plan-pro-monthly');
    await page.getByRole('button', { name: 'Start Subscription' }).click();
    await page.waitForURL(/\/checkout\/sim\/cs_sim_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/subscribed');
    await billingSays(/^Renews on /);

    await page.goto('/subscribe/plan-starter');
    // A change says what it does (issue 23 item 3): a downgrade starts at the period's end.
    await page.getByRole('button', { name: /^Starter from \d{4}-\d{2}-\d{2}/ }).click();
    await page.waitForURL('**/profile');
    expect(await billingSays(/^Starter from /)).toMatch(/^Starter from \S+/);

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/billing/portal');
    // The portal says the state and offers what applies to it: a renewing subscription can be cancelled, not resumed.
    await expect.poll(() => page.getByTestId('portal-state').innerText()).toMatch(/^Your subscription renews on \d{4}-\d{2}-\d{2}\.$/);
    expect(await page.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.waitForURL('**/profile');
    await billingSays(/^Cancels on /);
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/billing/portal');
    await expect.poll(() => page.getByTestId('portal-state').innerText()).toMatch(/^Your subscription cancels on \d{4}-\d{2}-\d{2}\.$/);
    expect(await page.getByRole('button', { name: 'Cancel at period end' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.goto('/profile');
    const events = await eventually(
      () => app.db.query("SELECT type FROM webhook_log WHERE type = 'customer.subscription.updated'"),
      (r) => (r.rowCount ?? 0) >= 2,
    );
    expect(events.rowCount).toBeGreaterThanOrEqual(2);
  });
});
