import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { crossingsWithoutAttempt } from '../projections/auto-top-up/queries.ts';
import { holdsDue, lotsDue } from '../projections/lots/queries.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import type { OrgCredits } from '../services/orgs/stream.ts';
import type { JobData, QueueHandlers } from '../services/platform/jobs.ts';
import type { Config } from '../services/platform/config.ts';
import { chargeAutoTopUp } from '../services/billing/auto-top-up/charge.ts';
import { signAllHeads } from '../services/audit/heads.ts';
import { purgeUsageIds } from '../services/credits/usage-ids.ts';
import { loadSigningKey, type SigningKey } from '../services/audit/signing-key.ts';

export interface LedgerWorkerDeps {
  pool: pg.Pool;
  store: EventStore;
  /** The worker's credits' front door (expiry, auto top-up's attempts). */
  credits: OrgCredits;
  log: Logger;
  /** For auto top-up's charges (Stripe, or the simulator without a key). */
  config: Config;
  stripeQueue?: Queue;
}

const SWEEP_LIMIT = 500;

/**
 * Expiry of lots and holds: a delayed job at each one's expiry, and a sweep for any missed (both
 * idempotent). Auto top-up: a job per crossing, and the same sweep charges every recorded crossing
 * without an attempt (its job was never queued, or Redis lost it); a crossing is attempted once.
 */
export function ledgerHandlers({ pool, store, credits, log, config, stripeQueue }: LedgerWorkerDeps) {
  let key: Promise<SigningKey> | null = null;
  return {
    /** Every organization's chain head, signed and kept (GET /api/admin/audit/heads). */
    'sign-heads': async () => {
      key ??= loadSigningKey(pool, config.AUDIT_SIGNING_KEY).catch((err) => {
        key = null;
        throw err;
      });
      return { signed: await signAllHeads(pool, await key) };
    },
    /** Usage event ids past the 35-day window: a repeat of one is new again, so its row goes. */
    'purge-usage-ids': async () => {
      const purged = await purgeUsageIds(pool, new Date().toISOString());
      if (purged) log.info({ purged }, 'usage event ids past the deduplication window purged');
      return { purged };
    },
    'expire-lot': async (job: Job<JobData<'ledger', 'expire-lot'>>) => ({ expired: await credits.expireLot(job.data.orgId, job.data.lotId) }),
    'auto-top-up': async (job: Job<JobData<'ledger', 'auto-top-up'>>) => ({ outcome: await chargeAutoTopUp({ store, credits, config, stripeQueue, log }, job.data.orgId, job.data.crossing) }),
    'expire-hold': async (job: Job<JobData<'ledger', 'expire-hold'>>) => ({ expired: await credits.expireHold(job.data.orgId, job.data.holdId) }),
    /** Reads what is due from the read models and does it now; an early job or one Redis lost is caught here. */
    sweep: async () => {
      const [lots, holds, crossings] = await Promise.all([lotsDue(pool, SWEEP_LIMIT), holdsDue(pool, SWEEP_LIMIT), crossingsWithoutAttempt(pool, SWEEP_LIMIT)]);
      let expired = 0;
      for (const h of holds) if (await credits.expireHold(h.orgId, h.holdId)) expired++;
      for (const l of lots) if (await credits.expireLot(l.orgId, l.lotId)) expired++;
      if (expired) log.info({ expired }, 'ledger sweep expired what its jobs had not');
      let charged = 0;
      for (const c of crossings) {
        try {
          await chargeAutoTopUp({ store, credits, config, stripeQueue, log }, c.orgId, c.crossing);
          charged++;
        } catch (err) {
          log.warn({ err, orgId: c.orgId, crossing: c.crossing }, 'auto top-up sweep could not charge a crossing (tried again next sweep)');
        }
      }
      if (charged) log.info({ charged }, 'ledger sweep charged auto top-up crossings their jobs had not');
      return { lots: lots.length, holds: holds.length, expired, crossings: crossings.length };
    },
  } satisfies QueueHandlers<'ledger'>;
}
