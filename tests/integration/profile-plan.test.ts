import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId, type OrgPlan } from '../../services/orgs/events.ts';
import { loadProfile } from '../../services/me/profile.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { memberWithOrg } from '../support/orgs.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const pro: OrgPlan = { planId: 'plan-pro', name: 'Pro', subscriptionId: 'sub_1', isOneTime: false, monthlyCredits: 1000 };
const metadata = { actor: 'test' };

async function planEvent(orgId: string, command: 'subscribe' | 'cancel', at: string) {
  const streamId = orgStreamId(orgId);
  if (command === 'subscribe') await app.app.commands.run(orgDecider, streamId, { type: 'SubscribePlan', data: { orgId, plan: pro, at } }, { metadata });
  else await app.app.commands.run(orgDecider, streamId, { type: 'CancelPlan', data: { orgId, subscriptionId: null, at } }, { metadata });
}

describe('the plan on /api/me/profile', () => {
  it('says which plan was cancelled and when, while no plan is current', async () => {
    const { client, orgId } = await memberWithOrg(app, 'canceller@example.com', 300);
    expect((await client.get('/api/me/profile')).body.organization).toMatchObject({ subscription: null, cancelled_plan: null });

    await planEvent(orgId, 'subscribe', '2026-03-01T10:00:00.000Z');
    expect((await client.get('/api/me/profile')).body.organization).toMatchObject({ subscription: { id: 'plan-pro', name: 'Pro' }, cancelled_plan: null });

    await planEvent(orgId, 'cancel', '2026-04-02T12:30:00.000Z');
    const cancelled = (await client.get('/api/me/profile')).body.organization;
    expect(cancelled).toMatchObject({ subscription: null, credits: 300, cancelled_plan: { name: 'Pro', cancelled_at: '2026-04-02T12:30:00.000Z' } });
  });

  it('forgets the cancellation once the organization subscribes again', async () => {
    const { client, orgId } = await memberWithOrg(app, 'returner@example.com');
    await planEvent(orgId, 'subscribe', '2026-03-01T10:00:00.000Z');
    await planEvent(orgId, 'cancel', '2026-03-05T10:00:00.000Z');
    await planEvent(orgId, 'subscribe', '2026-03-09T10:00:00.000Z');
    expect((await client.get('/api/me/profile')).body.organization).toMatchObject({ subscription: { name: 'Pro' }, cancelled_plan: null });
  });
});

describe('reading the profile', () => {
  it("reads the organization the identity names together with the user, and the user's own when that hint is stale", async () => {
    const { client, orgId } = await memberWithOrg(app, 'hinted@example.com', 250);
    const other = await memberWithOrg(app, 'elsewhere@example.com', 40);
    const me = (await client.get('/api/me/profile')).body;
    expect(me.organization).toMatchObject({ id: orgId, credits: 250 });
    for (const hint of [null, orgId, other.orgId]) {
      const profile = await loadProfile(app.app, me.id, hint);
      expect({ ...profile, transactions: profile?.transactions.length, usage: profile?.usage.length }).toEqual({ ...me, transactions: me.transactions.length, usage: me.usage.length });
    }
  });
});
