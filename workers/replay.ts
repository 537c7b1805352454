import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type pg from 'pg';
import { rebuild } from '../projections/rebuild.ts';
import { projectionByName } from '../projections/registry.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { catchUpJob, EVENT_PARTITIONS, type JobData } from '../services/platform/jobs.ts';
import { ensureEventPartitions } from '../services/eventstore/partitions.ts';

export interface ReplayDeps {
  pool: pg.Pool;
  store: EventStore;
  projector: Queue;
  signal: AbortSignal;
}

export function replayHandlers(deps: ReplayDeps) {
  return {
    rebuild: async (job: Job<JobData<'replay', 'rebuild'>>) => {
      const projection = projectionByName(job.data.projection);
      if (!projection) throw new UnrecoverableError(`unknown projection ${job.data.projection}`);
      const version = await rebuild(deps.pool, deps.store, projection, {
        signal: deps.signal,
        onProgress: (progress) => job.updateProgress(Math.round(progress * 100)),
      });
      const next = catchUpJob(projection.name);
      await deps.projector.add(next.name, next.data, next.opts);
      return { version };
    },
    'event-partitions': async () => ({ made: await ensureEventPartitions(deps.pool, EVENT_PARTITIONS.monthsAhead) }),
  };
}
