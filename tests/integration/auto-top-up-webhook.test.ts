import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, eventually, PACK_PLAN, postEvent, settled } from './stripe-support.ts';

let t: TestApp;
const secret = 'whsec_auto_top_up_secret';

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  await createPlans(await signInAdmin(t.url), PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const succeeded = (paymentIntentId: string, metadata: Record<string, string>) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: { id: paymentIntentId, object: 'payment_intent', amount: 4900, amount_received: 4900, currency: 'usd', status: 'succeeded', metadata } },
});

describe('payment_intent.succeeded of an auto top-up', () => {
  it('grants the pack once as an auto_top_up lot, however often it is delivered; a checkout payment intent grants nothing', async () => {
    const { orgId } = await memberWithOrg(t, `atu-wh-${randomUUID().slice(0, 6)}@example.com`);
    const pi = `pi_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const meta = { orgId, planId: PACK_PLAN.id, kind: 'auto_top_up' };
    const events = [succeeded(pi, meta), succeeded(pi, meta), succeeded(`pi_checkout_${randomUUID().slice(0, 8)}`, { orgId, planId: PACK_PLAN.id })];
    for (const e of [...events, events[0]]) expect((await postEvent(t.url, e, secret)).status).toBe(200);
    const outcome = await settled(t, events.map((e) => e.id));
    expect(outcome[events[0].id]).toBe('processed');
    expect(outcome[events[2].id]).toBe('ignored');
    expect(await countEvents(t, `org-${orgId}`, 'CreditsGranted')).toBe(1);
    const grant = await t.db.query(`SELECT data FROM events WHERE stream_id = $1 AND type = 'CreditsGranted'`, [`org-${orgId}`]);
    expect(grant.rows[0].data).toMatchObject({ amount: 500, source: 'auto_top_up', key: `purchase:${pi}` });
    await eventually(
      () => t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0].b as number),
      (b) => b === 500,
      15_000,
    );
  });
});
