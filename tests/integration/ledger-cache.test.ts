import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { handleCommand, loadState } from '../../services/eventstore/command-handler.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { createOrgCredits, type OrgCredits } from '../../services/orgs/stream.ts';
import { createTestDatabase } from '../support/db.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
/** Two API processes' worth of ledgers: each its own pool, store, per-organization queue and kept states. */
let processes: { store: EventStore; credits: OrgCredits }[];
let pools: pg.Pool[];

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pools = [new pg.Pool({ connectionString: db.url, max: 5 }), new pg.Pool({ connectionString: db.url, max: 5 })];
  processes = pools.map((pool) => {
    const store = new EventStore(pool);
    return { store, credits: createOrgCredits({ store, metrics: { commands: 0, retries: 0 } }) };
  });
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await db?.drop();
});

const at = () => new Date().toISOString();
async function orgWith(credits: number): Promise<string> {
  const orgId = randomUUID();
  const store = processes[0].store;
  await handleCommand(store, orgDecider, orgStreamId(orgId), { type: 'CreateOrganization', data: { orgId, name: `Org ${orgId}`, createdBy: randomUUID(), at: at() } }, { metadata: {} });
  await processes[0].credits.grant({ orgId, amount: credits, kind: 'purchase', source: 'purchase', description: 'grant' }, { metadata: {} });
  return orgId;
}
const spend = (process: { credits: OrgCredits }, orgId: string, credits: number, key = randomUUID()) =>
  process.credits.debit({ orgId, userId: null, credits, description: 'use', idempotencyKey: key, metadata: {} });

describe('the organization state kept in each API process', () => {
  it('never lets two processes overdraw one organization: exactly the balance is spent, each debit once', async () => {
    const orgId = await orgWith(40);
    // Both processes know the organization (their kept state is warm) before the race.
    for (const p of processes) await spend(p, orgId, 1);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => spend(processes[i % 2], orgId, 1)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(38);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason?.statusCode === 402)).toBe(true);
    const state = await loadState(processes[0].store, orgDecider, orgStreamId(orgId));
    expect(state.balance).toBe(0);
  });

  it('decides right from a stale kept state: the other process spent the credits, this one is refused and appends nothing', async () => {
    const orgId = await orgWith(10);
    const [mine, theirs] = processes;
    await spend(mine, orgId, 2);
    expect(mine.credits.queue.states.get(orgStreamId(orgId))?.state.balance).toBe(8);
    await spend(theirs, orgId, 8);
    // This process still keeps balance 8: its decision clashes on the version, is read again and refused.
    await expect(spend(mine, orgId, 5)).rejects.toMatchObject({ statusCode: 402 });
    expect((await mine.store.readStream(orgStreamId(orgId))).filter((e) => e.type === 'CreditsDebited')).toHaveLength(2);
    // A repeat of the first debit's key on the other process answers the first result and spends nothing.
    const key = randomUUID();
    const orgB = await orgWith(5);
    expect(await spend(mine, orgB, 3, key)).toEqual({ balance: 2, available: 2 });
    expect(await spend(theirs, orgB, 3, key)).toEqual({ balance: 2, available: 2 });
    expect(await spend(mine, orgB, 3, key)).toEqual({ balance: 2, available: 2 });
    expect((await loadState(mine.store, orgDecider, orgStreamId(orgB))).balance).toBe(2);
  });
});
