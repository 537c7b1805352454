import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlans, PACK_PLAN } from '../integration/stripe-support';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 23 item 14 (feedback that misleads) and item 18's secrets: what the member is told is what happened. */
let app: TestApp;
let browser: Browser;
let member: TestPage;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await createPlans(await signInAdmin(app.url), PACK_PLAN);
  await memberWithOrg(app, 'feedback@example.com', 100);
  member = await recordToasts(await newPage(browser, app.url));
  await member.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  expect((await member.page.request.post('/api/auth/dev-login', { data: { email: 'feedback@example.com', name: 'Fay Feedback' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

/** The toasts on screen now. */
const visibleToasts = () => member.page.locator('.toast__message').allInnerTexts();

describe('feedback on /profile at 1280 px', { timeout: 120_000 }, () => {
  it('Save alert says the alert was saved', async () => {
    const { page } = member;
    await page.goto('/profile');
    await page.getByLabel('Alert below (credits)').fill('40');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await toasted(page, 'Low-balance alert saved: below 40 credits');
    expect((await (await page.request.get('/api/me/alerts')).json()).lowBalanceCredits).toBe(40);
  });

  it('a new toast replaces an older one: the auto top-up "saved" is not under the error before it; unticking keeps the pack', async () => {
    const { page } = member;
    await page.goto('/profile');
    await page.getByLabel('Enabled').check();
    await page.getByLabel('Threshold (credits)').fill('20');
    await page.getByLabel('Top-ups per month at most').fill('2');
    await page.getByRole('button', { name: 'Save auto top-up' }).click();
    await toasted(page, 'Choose the pack to buy');
    await page.getByLabel('Pack').selectOption(PACK_PLAN.id);
    await page.getByRole('button', { name: 'Save auto top-up' }).click();
    await toasted(page, 'Auto top-up saved');
    // The error (3 s) was replaced by the newer message, not left on top of it.
    expect(await visibleToasts()).not.toContain('Choose the pack to buy');

    await page.getByLabel('Enabled').uncheck();
    expect(await page.getByLabel('Pack').inputValue()).toBe(PACK_PLAN.id);
    await page.getByRole('button', { name: 'Save auto top-up' }).click();
    await expect.poll(async () => (await (await page.request.get('/api/me/auto-top-up')).json()).enabled).toBe(false);
    expect(await (await page.request.get('/api/me/auto-top-up')).json()).toMatchObject({ enabled: false, planId: PACK_PLAN.id });
    await page.reload();
    await page.getByLabel('Pack').locator(`option[value="${PACK_PLAN.id}"]`).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Enabled').isChecked()).toBe(false);
    expect(await page.getByLabel('Pack').inputValue()).toBe(PACK_PLAN.id);
  });

  it('"Organization name is required." goes once the name is given and saved, and does not follow to /subscribe', async () => {
    const { page } = member;
    await page.goto('/profile');
    const orgName = page.getByLabel('Organization name');
    const original = await orgName.inputValue();
    await orgName.fill('');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.locator('form.profile-form').getByText('Organization name is required.').waitFor();
    await orgName.fill(original);
    expect(await page.locator('form.profile-form').getByText('Organization name is required.').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await toasted(page, 'Profile updated!');
    expect(await visibleToasts()).not.toContain('Organization name is required.');
    await page.goto(`/subscribe/${PACK_PLAN.id}`);
    await page.locator('main h1').first().waitFor();
    expect(await page.getByText('Organization name is required.').count()).toBe(0);
  });

  it('shows a new API key with a Copy button that copies it', async () => {
    const { page } = member;
    await page.goto('/profile');
    await page.getByLabel('Key name').fill('CI server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('shown-key').innerText()).trim();
    expect(key).toMatch(/^ab_live_/);
    const secret = page.locator('.integrations__secret');
    await secret.getByRole('button', { name: 'Copy' }).click();
    await secret.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // At 390 px the key and its button fit the phone (a long key wraps, the page never scrolls sideways).
    await page.setViewportSize({ width: 390, height: 844 });
    await secret.getByRole('button', { name: 'Copied' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/feedback-profile-390.png' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
