import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { waitFor } from './processes.ts';

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

/**
 * Waits until every event of the log is below the oldest transaction still running in the cluster (its
 * xmin, which another database's long transaction holds back too), so one read of the log sees all of it.
 */
export async function waitForWholeLog(pool: Pick<EventStore['pool'], 'query'>): Promise<void> {
  await waitFor('the whole log to be visible to a catch-up', async () => {
    const res = await pool.query(`SELECT coalesce(max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()), true) AS visible FROM events`);
    return res.rows[0].visible as boolean;
  });
}
