import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStripeEvent } from '../../services/billing/apply.ts';
import type { StripeEventEnvelope } from '../../services/billing/events.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, fixtureEvent, PACK_PLAN, postEvent, PRO_PLAN } from './stripe-support.ts';

let t: TestApp;
const secret = 'whsec_apply_race_secret';

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  await createPlans(await signInAdmin(t.url), PRO_PLAN, PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('applying one Stripe event twice at once', () => {
  it('grants once and neither run answers idempotency_key_reused, though their command times differ', async () => {
    const { orgId } = await memberWithOrg(t, `race-${randomUUID().slice(0, 6)}@example.com`);
    const event = fixtureEvent('checkout.session.completed.subscription.json', orgId, `_${randomUUID().slice(0, 8)}`, { fresh: true });
    expect((await postEvent(t.url, event, secret)).status).toBe(200);
    // The worker applies it too: three runs, with three command times.
    const deps = { pool: t.app.pg, store: t.app.store, credits: t.app.credits };
    const runs = await Promise.allSettled([
      applyStripeEvent(deps, event as StripeEventEnvelope, new Date(Date.now() - 1000)),
      applyStripeEvent(deps, event as StripeEventEnvelope, new Date()),
    ]);
    expect(runs.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
    // 200 one-time + 1000 first month, each once.
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(2);
    // Whichever came second answers what the first recorded, not what its own no-op grants did.
    const summaries = runs.map((r) => (r.status === 'fulfilled' && r.value.status === 'processed' ? r.value.summary : null));
    expect(summaries[0]).toBeTruthy();
    expect(summaries[1]).toBe(summaries[0]);
  });
});
