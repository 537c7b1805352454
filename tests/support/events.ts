import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';

/**
 * Appends an organization with `count` credit events (grants and debits) in batches: a quick large
 * log, written as the product writes it now (each grant a lot, each debit naming the lot it took
 * from: the oldest with credits left, which is the spending order for lots of one priority).
 */
export async function appendLedger(store: EventStore, count: number, batch = 100): Promise<string> {
  const orgId = randomUUID();
  const at = new Date().toISOString();
  await store.append(orgStreamId(orgId), [{ type: 'OrganizationCreated', data: { orgId, name: `Bulk ${orgId}`, createdBy: randomUUID(), at } }], {
    expected: 'no_stream',
  });
  let balance = 0;
  let version = 1;
  const open: { lotId: string; remaining: number }[] = [];
  for (let done = 0; done < count; done += batch) {
    const events = Array.from({ length: Math.min(batch, count - done) }, (_, i) => {
      const grant = (done + i) % 3 !== 2;
      balance += grant ? 2 : -1;
      if (grant) {
        const lotId = randomUUID();
        open.push({ lotId, remaining: 2 });
        return {
          type: 'CreditsGranted',
          data: { orgId, lotId, amount: 2, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'bulk', key: null, balanceAfter: balance, at },
        };
      }
      const lot = open[0];
      if (--lot.remaining === 0) open.shift();
      return {
        type: 'CreditsDebited',
        data: { orgId, amount: 1, description: 'bulk', usageId: randomUUID(), userId: null, balanceAfter: balance, at, lots: [{ lotId: lot.lotId, amount: 1 }] },
      };
    });
    await store.append(orgStreamId(orgId), events, { expected: version });
    version += events.length;
  }
  return orgId;
}
