import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, recordToasts, toasted, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';
import { withoutCatchUps } from '../support/jobs';
import type { Client } from '../support/http';
import { memberWithOrg } from '../support/orgs';
import { createPlans, fixtureEvent, PACK_PLAN, postEvent, settled } from '../integration/stripe-support';

/** Issue 18 in the browser: a failed Stripe event's Retry on /admin/stripe, a failed read model's Retry now. */
const secret = 'whsec_e2e_retry_secret';
let app: TestApp;
let browser: Browser;
let admin: TestPage;
let adminClient: Client;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } }), workerBrowser()]);
  adminClient = await signInAdmin(app.url);
  admin = await recordToasts(await newPage(browser, app.url));
  expect((await admin.page.request.post('/api/auth/dev-login', { data: { email: 'admin@example.com', name: 'Ada Admin' } })).status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

describe('acting on failures', { timeout: 90_000 }, () => {
  it('retries a Stripe event that failed for an unknown plan once the plan exists, and shows what it did', async () => {
    const { orgId } = await memberWithOrg(app, 'retry-e2e@example.com');
    const event = fixtureEvent('checkout.session.completed.payment.json', orgId, `_e${randomUUID().slice(0, 6)}`);
    expect((await postEvent(app.url, event, secret)).status).toBe(200);
    expect(await settled(app, [event.id])).toEqual({ [event.id]: 'failed' });
    await createPlans(adminClient, PACK_PLAN);

    await admin.page.goto('/admin/stripe');
    const retry = admin.page.getByRole('button', { name: `Retry event ${event.id}` });
    await retry.click();
    await toasted(admin.page, 'Applied: granted 500 credits');
    await expect.poll(() => retry.count(), { timeout: 10_000 }).toBe(0);
  });

  it('offers Retry now on a failed read model, says it is retrying, and the read model comes back', async () => {
    const version = (await app.db.query(`SELECT active_version FROM projections WHERE name = 'users'`)).rows[0].active_version;
    await app.db.query(`ALTER TABLE users_v${version} ADD CONSTRAINT e2e_broken CHECK (name <> 'Broken E2E') NOT VALID`);
    // The sign-in's answer waits (5 s at most) for the users read model, which fails on it: it is read at the end.
    const signingIn = fetch(`${app.url}/api/auth/dev-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'broken-e2e@example.com', name: 'Broken E2E' }) });
    signingIn.catch(() => {}); // awaited below; a failure is reported there
    await expect.poll(async () => (await app.db.query(`SELECT status FROM projection_checkpoints WHERE name = 'users'`)).rows[0].status, { timeout: 15_000 }).toBe('failed');
    // Nothing may retry it on its own once it can succeed (a catch-up's backoff once did, on a slow machine).
    await withoutCatchUps(app.app.queues.projector, 'users');
    await app.db.query(`ALTER TABLE users_v${version} DROP CONSTRAINT e2e_broken`);

    await admin.page.goto('/admin/projections');
    await admin.page.getByRole('button', { name: 'Retry users now' }).click();
    await toasted(admin.page, 'Retrying users');
    await expect.poll(async () => (await app.db.query(`SELECT status FROM projection_checkpoints WHERE name = 'users'`)).rows[0].status, { timeout: 10_000 }).toBe('live');
    const history = await adminClient.get('/api/admin/streams/projection-users/events?page=1&limit=10');
    expect(history.body.data.map((e: { type: string }) => e.type)).toEqual(['ProjectionRetryRequested']);
    expect((await signingIn).status).toBe(200);
  });
});
