import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import { catchUp } from '../projections/catch-up.ts';
import { projectionByName } from '../projections/registry.ts';
import { projectionsBehind } from '../projections/status.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import type { JobData, QueueHandlers } from '../services/platform/jobs.ts';
import { UnrecoverableError } from 'bullmq';

export interface ProjectorDeps {
  pool: pg.Pool;
  store: EventStore;
  queue: Queue;
  signal: AbortSignal;
}

export function projectorHandlers(deps: ProjectorDeps) {
  return {
    'catch-up': async (job: Job<JobData<'projector', 'catch-up'>>) => {
      const projection = projectionByName(job.data.projection);
      if (!projection) throw new UnrecoverableError(`unknown projection ${job.data.projection}`);
      return catchUp(deps.pool, deps.store, [{ projection }], { signal: deps.signal });
    },
    /**
     * The safety net: catches up, right here, every read model that is behind, so nothing waits for a
     * lost wake-up, nor for a deduplicated catch-up job held by a dead worker (the advisory locks and
     * the checkpoints' compare-and-set make running beside such a job harmless). The live ones go
     * together, as the in-process catch-up takes them (one transaction per batch, no settle wait: one
     * per read model, each waiting a second for held-back events, kept a connection blocked on the
     * live catch-up's locks at all times under load); a failed one is retried alone.
     */
    'catch-up-all': async () => {
      const behind = await projectionsBehind(deps.pool);
      const live = behind.flatMap((b) => (b.failed ? [] : [projectionByName(b.name)].filter((p) => p !== undefined)));
      let failed = 0;
      if (live.length > 0) await catchUp(deps.pool, deps.store, live.map((projection) => ({ projection })), { liveOnly: true, settleMs: 0, signal: deps.signal }).catch(() => failed++);
      for (const { name, version } of behind.filter((b) => b.failed)) {
        const projection = projectionByName(name);
        if (projection) await catchUp(deps.pool, deps.store, [{ projection, version }], { signal: deps.signal, settleMs: 0 }).catch(() => failed++);
      }
      return { behind: behind.length, failed };
    },
  } satisfies QueueHandlers<'projector'>;
}
