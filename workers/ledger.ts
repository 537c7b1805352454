import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { holdsDue, lotsDue } from '../projections/lots/queries.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { expireHold, expireLot, type LedgerDeps } from '../services/orgs/ledger.ts';
import type { JobData } from '../services/platform/jobs.ts';
import type { Config } from '../services/platform/config.ts';
import { chargeAutoTopUp } from '../services/billing/auto-top-up/charge.ts';

export interface LedgerWorkerDeps {
  pool: pg.Pool;
  store: EventStore;
  queue: Queue;
  log: Logger;
  /** For auto top-up's charges (Stripe, or the simulator without a key). */
  config: Config;
  stripeQueue?: Queue;
}

const SWEEP_LIMIT = 500;

/** Expiry of lots and holds: a delayed job at each one's expiry, and a sweep for any missed (both idempotent). */
export function ledgerHandlers({ pool, store, queue, log, config, stripeQueue }: LedgerWorkerDeps) {
  const deps: LedgerDeps = { store, metrics: { commands: 0, retries: 0 }, queues: { ledger: queue }, log };
  return {
    'expire-lot': async (job: Job<JobData<'ledger', 'expire-lot'>>) => ({ expired: await expireLot(deps, job.data.orgId, job.data.lotId) }),
    'auto-top-up': async (job: Job<JobData<'ledger', 'auto-top-up'>>) => ({ outcome: await chargeAutoTopUp({ store, config, stripeQueue, log }, job.data.orgId, job.data.crossing) }),
    'expire-hold': async (job: Job<JobData<'ledger', 'expire-hold'>>) => ({ expired: await expireHold(deps, job.data.orgId, job.data.holdId) }),
    /** Reads what is due from the read model and expires it now; an early job or one Redis lost is caught here. */
    sweep: async () => {
      const [lots, holds] = await Promise.all([lotsDue(pool, SWEEP_LIMIT), holdsDue(pool, SWEEP_LIMIT)]);
      let expired = 0;
      for (const h of holds) if (await expireHold(deps, h.orgId, h.holdId)) expired++;
      for (const l of lots) if (await expireLot(deps, l.orgId, l.lotId)) expired++;
      if (expired) log.info({ expired }, 'ledger sweep expired what its jobs had not');
      return { lots: lots.length, holds: holds.length, expired };
    },
  };
}
