import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { webhookOutboxProjection } from '../../projections/webhook-outbox/index.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase([webhookOutboxProjection]);

const at = new Date().toISOString();
const grants = (orgId: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'CreditsGranted',
    data: { orgId, lotId: randomUUID(), amount: 1, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'grant', key: null, balanceAfter: i + 1, at },
  }));
const endpointAdded = (orgId: string) => ({
  type: 'WebhookEndpointAdded',
  data: { endpointId: randomUUID(), orgId, url: 'https://example.com/hook', events: ['credits.granted'], createdBy: randomUUID(), at },
});

describe('the webhook outbox, a batch of many messages at once', () => {
  it('writes a delivery for each message of an organization with an endpoint, from the endpoint on, and none for the others', async () => {
    const [a, b, none] = [randomUUID(), randomUUID(), randomUUID()];
    // One batch of 200 messages: A had an endpoint before them, B adds one after 20 of its own, the third never has one.
    await on.store.append(orgStreamId(a), [endpointAdded(a)], { expected: 'any' });
    await waitForWholeLog(on.pool);
    await catchUp(on.pool, on.store, [{ projection: webhookOutboxProjection }], { settleMs: 0 });
    await on.store.append(orgStreamId(a), grants(a, 60), { expected: 'any' });
    await on.store.append(orgStreamId(none), grants(none, 60), { expected: 'any' });
    await on.store.append(orgStreamId(b), [...grants(b, 20), endpointAdded(b), ...grants(b, 60)], { expected: 'any' });
    await waitForWholeLog(on.pool);
    const applied = await catchUp(on.pool, on.store, [{ projection: webhookOutboxProjection }], { settleMs: 0, batchSize: 1000 });
    expect(applied).toBe(201);
    const res = await on.pool.query(`SELECT org_id::text AS org, count(*)::int AS n FROM webhook_deliveries GROUP BY org_id`);
    const byOrg = Object.fromEntries(res.rows.map((r) => [r.org, r.n]));
    expect(byOrg).toEqual({ [a]: 60, [b]: 60 });
  });
});
