import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { catchUp } from '../../projections/catch-up.ts';
import { ensureProjections } from '../../projections/projector.ts';
import { webhookOutboxProjection } from '../../projections/webhook-outbox/index.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { createTestDatabase } from '../support/db.ts';
import { waitForWholeLog } from '../support/events.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  store = new EventStore(pool);
  await ensureProjections(pool, [webhookOutboxProjection]);
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

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
    await store.append(orgStreamId(a), [endpointAdded(a)], { expected: 'any' });
    await waitForWholeLog(pool);
    await catchUp(pool, store, [{ projection: webhookOutboxProjection }], { settleMs: 0 });
    await store.append(orgStreamId(a), grants(a, 60), { expected: 'any' });
    await store.append(orgStreamId(none), grants(none, 60), { expected: 'any' });
    await store.append(orgStreamId(b), [...grants(b, 20), endpointAdded(b), ...grants(b, 60)], { expected: 'any' });
    await waitForWholeLog(pool);
    const applied = await catchUp(pool, store, [{ projection: webhookOutboxProjection }], { settleMs: 0, batchSize: 1000 });
    expect(applied).toBe(201);
    const res = await pool.query(`SELECT org_id::text AS org, count(*)::int AS n FROM webhook_deliveries GROUP BY org_id`);
    const byOrg = Object.fromEntries(res.rows.map((r) => [r.org, r.n]));
    expect(byOrg).toEqual({ [a]: 60, [b]: 60 });
  });
});
