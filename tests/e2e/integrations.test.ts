import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { memberWithOrg } from '../support/orgs';

/** Issue 16 on /profile: keys, webhook endpoints, the alert and its banner, the usage chart. */
let app: TestApp;
let browser: Browser;
let tab: TestPage;
let orgId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  ({ orgId } = await memberWithOrg(app, 'integrator@example.com', 100));
  tab = await newPage(browser, app.url);
  expect((await tab.page.request.post('/api/auth/dev-login', { data: { email: 'integrator@example.com', name: 'In Tegrator' } })).status()).toBe(200);
  expect((await tab.page.request.post('/api/usage', { data: { credits: 80, description: 'model calls', idempotencyKey: 'e2e-1' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('integrations on the profile', { timeout: 90_000 }, () => {
  it('makes a key shown once, revokes it, adds a webhook endpoint, and sets an alert whose banner shows on /profile and /dashboard', async () => {
    const { page } = tab;
    await page.goto('/profile');
    await page.getByLabel('Key name').fill('billing server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('shown-key').textContent())!;
    expect(key).toMatch(/^ab_live_/);
    await expect.poll(() => page.getByTestId('api-keys').innerText()).toContain('billing server');
    expect(await page.getByTestId('api-keys').innerText()).not.toContain(key);
    const balance = await page.request.get('/api/balance', { headers: { authorization: `Bearer ${key}` } });
    expect(await balance.json()).toEqual({ balance: 20, available: 20, held: 0, pending: {} });
    // Asked first: servers using the key are refused at once. Cancelled, the key still works.
    await page.getByRole('button', { name: 'Revoke' }).click();
    const revoking = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect.poll(() => revoking.innerText()).toContain('Servers using “billing server” are refused from the next request');
    await revoking.getByRole('button', { name: 'Cancel' }).click();
    await revoking.waitFor({ state: 'detached' });
    expect((await page.request.get('/api/balance', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await revoking.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.getByTestId('api-keys').innerText()).toContain('revoked');
    expect((await page.request.get('/api/balance', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.getByTestId('webhook-endpoints').innerText()).toContain('127.0.0.1:9/hooks');
    expect(await page.getByTestId('shown-webhook-secret').textContent()).toMatch(/^whsec_/);
    // Removed once confirmed.
    await page.getByRole('button', { name: 'Add endpoint' }).waitFor();
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/old-hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => page.getByTestId('webhook-endpoints').innerText()).toContain('127.0.0.1:9/old-hooks');
    await page.getByTestId('webhook-endpoints').locator('li', { hasText: 'old-hooks' }).getByRole('button', { name: 'Remove' }).click();
    const removing = page.getByRole('dialog', { name: 'Remove this endpoint?' });
    await expect.poll(() => removing.innerText()).toContain('http://127.0.0.1:9/old-hooks receives no more events');
    await removing.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect.poll(() => page.getByTestId('webhook-endpoints').innerText()).not.toContain('old-hooks');
    expect(await page.getByTestId('webhook-endpoints').innerText()).toContain('127.0.0.1:9/hooks');

    expect(await page.getByTestId('credit-alert-banner').count()).toBe(0);
    await page.getByLabel('Alert below (credits)').fill('50');
    await page.getByRole('button', { name: 'Save alert' }).click();
    await page.getByTestId('credit-alert-banner').waitFor();
    expect(await page.getByTestId('credit-alert-banner').innerText()).toContain('Only 20 credits are available, below your alert threshold of 50');
    await page.goto('/dashboard');
    await page.getByTestId('credit-alert-banner').waitFor();
  });

  it('draws the last 30 days of usage with the grant marked, from a chunk loaded only on /profile, and the balance card says how long the credits last at that pace', async () => {
    const { page } = tab;
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(r.url()));
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome!' }).waitFor();
    expect(chunks.some((u) => /UsageChart/.test(u))).toBe(false);
    await page.goto('/profile');
    await page.getByTestId('usage-chart').waitFor();
    expect(chunks.some((u) => /UsageChart/.test(u))).toBe(true);
    expect(await page.locator('[data-testid="usage-chart"] rect').count()).toBe(30);
    await expect.poll(() => page.getByTestId('usage-chart-grant').count()).toBe(1);
    expect(await page.locator('[data-testid="usage-chart"] rect').last().locator('title').textContent()).toContain('80 used, 100 granted');
    // The balance card's runway: 20 available at the pace of today, the organization's first day.
    expect(await page.getByTestId('credit-runway').innerText()).toBe("At today's pace (80 credits a day), your credits last less than a day.");
  });

  it('shows an admin the organization\'s keys (never the secret) and endpoints from the organizations page', async () => {
    await signInAdmin(app.url);
    const admin = await newPage(browser, app.url);
    try {
      expect((await admin.page.request.post('/api/auth/dev-login', { data: { email: 'admin@example.com', name: 'Ada Admin' } })).status()).toBe(200);
      const orgs = (await (await admin.page.request.get('/api/admin/orgs')).json()) as { id: string; name: string }[];
      const name = orgs.find((o) => o.id === orgId)!.name;
      // The endpoints are held on their way: meanwhile the dialog says they are loading, never that there are
      // none (it once said "No webhook endpoints." until they came, and this test read it then).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await admin.page.route('**/api/admin/orgs/*/webhook-endpoints', async (route) => {
        await held;
        await route.continue();
      });
      await admin.page.goto('/admin/orgs');
      await admin.page.getByRole('button', { name: `Integrations of ${name}` }).click();
      await admin.page.getByTestId('admin-api-keys').waitFor();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByRole('status').filter({ hasText: 'Loading' }).waitFor();
      expect(await dialog.innerText()).not.toContain('No webhook endpoints.');
      release();
      const keys = await admin.page.getByTestId('admin-api-keys').innerText();
      expect(keys).toContain('billing server');
      expect(keys).toContain('revoked');
      expect(keys).not.toMatch(/ab_live_\S{43}/);
      await expect.poll(() => dialog.innerText()).toContain('127.0.0.1:9/hooks');
    } finally {
      await admin.close();
    }
  });
});
