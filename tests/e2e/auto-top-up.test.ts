import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';
import { createPlans, PACK_PLAN } from '../integration/stripe-support';

let app: TestApp;
let browser: Browser;
let member: TestPage;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await createPlans(await signInAdmin(app.url), PACK_PLAN);
  await memberWithOrg(app, 'topper@example.com');
  member = await recordToasts(await newPage(browser, app.url));
  expect((await member.page.request.post('/api/auth/dev-login', { data: { email: 'topper@example.com', name: 'Tia Topper' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('auto top-up on /profile', { timeout: 120_000 }, () => {
  it('the member sets it on the form and the server keeps it', async () => {
    const { page } = member;
    await page.goto('/profile');
    await page.getByLabel('Enabled').check();
    await page.getByLabel('Threshold (credits)').fill('250');
    await page.getByLabel('Pack').selectOption(PACK_PLAN.id);
    await page.getByLabel('Top-ups per month at most').fill('2');
    await page.getByRole('button', { name: 'Save auto top-up' }).click();
    await toasted(page, 'Auto top-up saved');
    const saved = await page.request.get('/api/me/auto-top-up');
    expect(await saved.json()).toMatchObject({ enabled: true, thresholdCredits: 250, planId: PACK_PLAN.id, maxPerMonth: 2 });
  });
});
