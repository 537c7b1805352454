import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';

/** Appends an organization with `count` credit events (grants and debits) in batches: a quick large log. */
export async function appendLedger(store: EventStore, count: number, batch = 100): Promise<string> {
  const orgId = randomUUID();
  const at = new Date().toISOString();
  await store.append(orgStreamId(orgId), [{ type: 'OrganizationCreated', data: { orgId, name: `Bulk ${orgId}`, createdBy: randomUUID(), at } }], {
    expected: 'no_stream',
  });
  let balance = 0;
  let version = 1;
  for (let done = 0; done < count; done += batch) {
    const events = Array.from({ length: Math.min(batch, count - done) }, (_, i) => {
      const grant = (done + i) % 3 !== 2;
      balance += grant ? 2 : -1;
      return grant
        ? { type: 'CreditsGranted', data: { orgId, amount: 2, kind: 'purchase', description: 'bulk', key: null, balanceAfter: balance, at } }
        : { type: 'CreditsDebited', data: { orgId, amount: 1, description: 'bulk', usageId: randomUUID(), userId: null, balanceAfter: balance, at } };
    });
    await store.append(orgStreamId(orgId), events, { expected: version });
    version += events.length;
  }
  return orgId;
}
