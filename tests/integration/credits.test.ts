import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/http.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { waitFor } from '../support/processes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

const usage = (credits: number, key = randomUUID()) => ({ credits, description: 'test usage', idempotencyKey: key });

describe('POST /api/usage', () => {
  it('lets exactly 50 of 200 concurrent debits of 1 credit through a balance of 50', async () => {
    const { client, orgId } = await memberWithOrg(t, 'racer@example.com', 50);
    const answers = await Promise.all(Array.from({ length: 200 }, () => client.post('/api/usage', usage(1))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    expect(answers.find((a) => a.status === 402)?.body).toMatchObject({ error: 'insufficient_credits' });
    expect(answers.find((a) => a.status === 402)?.body).toMatchObject({ balance: 0, available: 0 });
    const balances = answers.filter((a) => a.status === 200).map((a) => a.body.balance).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const stream = await t.app.store.readStream(orgStreamId(orgId));
    expect(stream.filter((e) => e.type === 'CreditsDebited')).toHaveLength(50);
    // The debits answered from the stream; the read models show them a moment later.
    await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
    const profile = await t.db.query('SELECT credit_balance FROM orgs WHERE id = $1', [orgId]);
    expect(Number(profile.rows[0].credit_balance)).toBe(0);
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM credit_transactions WHERE org_id = $1 AND type = 'usage'`, [orgId]);
    expect(rows.rows[0].n).toBe(50);
  });

  it('answers a repeated idempotency key with the first result and debits once', async () => {
    const { client, orgId } = await memberWithOrg(t, 'repeat@example.com', 10);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/usage', usage(3, key))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.balance))).toEqual(new Set([7]));
    const clash = await client.post('/api/usage', usage(4, key));
    expect(clash.status).toBe(409);
    const stream = await t.app.store.readStream(orgStreamId(orgId));
    expect(stream.filter((e) => e.type === 'CreditsDebited')).toHaveLength(1);
  });

  it('refuses bad amounts with 400, anonymous with 401, and an inactive org with 403', async () => {
    const { client, orgId } = await memberWithOrg(t, 'bad@example.com', 5);
    for (const credits of [0, -1, 1.5, 1_000_001, '3', null]) {
      const res = await client.post('/api/usage', { credits, description: 'x', idempotencyKey: randomUUID() });
      expect(res.status, `credits=${credits}`).toBe(400);
    }
    expect((await client.post('/api/usage', { credits: 1, description: 'x' })).status).toBe(400);
    const anon = await fetch(`${t.url}/api/usage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(usage(1)) });
    expect(anon.status).toBe(401);
    await t.app.commands.run(orgDecider, orgStreamId(orgId), { type: 'SetOrganizationActive', data: { orgId, active: false, at: new Date().toISOString() } }, { metadata: {} });
    expect((await client.post('/api/usage', usage(1))).status).toBe(403);
    const stream = await t.app.store.readStream(orgStreamId(orgId));
    expect(stream.filter((e) => e.type === 'CreditsDebited')).toHaveLength(0);
  });
});

describe('POST /api/admin/orgs/{id}/credits', () => {
  it('lets an admin add and take away credits, never below zero, and nobody else', async () => {
    const { client: member, orgId } = await memberWithOrg(t, 'adjusted@example.com', 0);
    const admin = await signIn(t.url, 'admin@example.com');
    const added = await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 25, description: 'goodwill' });
    expect(added.body).toEqual({ balance: 25, available: 25, lotId: expect.any(String) });
    const over = await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: -26, description: 'too much' });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'insufficient_credits', available: 25 });
    expect((await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: -5, description: 'correction' })).body).toEqual({ balance: 20, available: 20, lotId: null });
    expect((await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 1.5, description: 'x' })).status).toBe(400);
    expect((await admin.post(`/api/admin/orgs/${randomUUID()}/credits`, { amount: 1, description: 'x' })).status).toBe(404);
    expect((await admin.post(`/api/admin/orgs/not-a-uuid/credits`, { amount: 1, description: 'x' })).status).toBe(404);
    expect((await member.post(`/api/admin/orgs/${orgId}/credits`, { amount: 100, description: 'self-service' })).status).toBe(403);
    const tx = await t.db.query('SELECT type, amount FROM credit_transactions WHERE org_id = $1 ORDER BY position', [orgId]);
    expect(tx.rows.map((r) => [r.type, Number(r.amount)])).toEqual([['adjustment', 25], ['adjustment', -5]]);
  });
});
