import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startApp();
  await createPlans(await signInAdmin(t.url), PRO_PLAN, PACK_PLAN, { id: 'pack-old', name: 'Old pack', price_usd: 5, one_time_credits: 100, is_one_time: true, is_active: false });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const GOOD = { enabled: true, thresholdCredits: 100, planId: PACK_PLAN.id, maxPerMonth: 3 };

describe('GET/PUT /api/me/auto-top-up', () => {
  it('is off until set; a PUT is kept as one event, answered by both GETs; the same PUT again appends nothing', async () => {
    const { client, orgId } = await memberWithOrg(t, `atu-${randomUUID().slice(0, 6)}@example.com`);
    const off = await client.get('/api/me/auto-top-up');
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, planId: null });
    const put = await client.put('/api/me/auto-top-up', GOOD);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject(GOOD);
    expect((await client.put('/api/me/auto-top-up', GOOD)).status).toBe(200);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpConfigured')).toBe(1);
    expect((await client.get('/api/me/auto-top-up')).body).toMatchObject(GOOD);
    expect((await client.get('/api/me/billing')).body.autoTopUp).toMatchObject(GOOD);
  });

  it('bad input is a 400 and appends nothing', async () => {
    const { client, orgId } = await memberWithOrg(t, `atu-bad-${randomUUID().slice(0, 6)}@example.com`);
    const bad = [
      { ...GOOD, planId: PRO_PLAN.id },
      { ...GOOD, planId: 'pack-old' },
      { ...GOOD, planId: 'nope' },
      { ...GOOD, planId: null },
      { ...GOOD, maxPerMonth: 0 },
      { ...GOOD, thresholdCredits: -5 },
      { ...GOOD, thresholdCredits: 1.5 },
      { ...GOOD, enabled: 'yes' },
      { enabled: true },
    ];
    for (const body of bad) {
      const res = await client.put('/api/me/auto-top-up', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpConfigured')).toBe(0);
  });
});
