import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type pg from 'pg';
import { rebuild } from '../projections/rebuild.ts';
import { checkDrift } from '../projections/drift.ts';
import { driftFailed, driftFinished, driftProgress, driftStarted } from '../projections/drift-results.ts';
import { projectionByName, projections } from '../projections/registry.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { catchUpJob, EVENT_PARTITIONS, type JobData, type QueueHandlers } from '../services/platform/jobs.ts';
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
    /** One read model (or every one, one after the other) rebuilt into shadow tables and compared with the live ones; the result kept, nothing repaired. */
    'drift-check': async (job: Job<JobData<'replay', 'drift-check'>>) => {
      const named = job.data.projection ? projectionByName(job.data.projection) : undefined;
      if (job.data.projection && !named) throw new UnrecoverableError(`unknown projection ${job.data.projection}`);
      const list = named ? [named] : [...projections];
      await driftStarted(deps.pool, list.map((p) => p.name));
      const found: Record<string, number | null> = {};
      for (const [i, projection] of list.entries()) {
        if (deps.signal.aborted) break;
        try {
          const result = await checkDrift(deps.pool, deps.store, projection, {
            onProgress: async (progress) => {
              await driftProgress(deps.pool, projection.name, progress);
              await job.updateProgress(Math.round(((i + progress) / list.length) * 100));
            },
          });
          // Another check of it is running: that one records its result.
          if (result) await driftFinished(deps.pool, result);
          found[projection.name] = result?.rows ?? null;
        } catch (err) {
          await driftFailed(deps.pool, projection.name, (err as Error).message);
          found[projection.name] = null;
        }
      }
      return found;
    },
  } satisfies QueueHandlers<'replay'>;
}
