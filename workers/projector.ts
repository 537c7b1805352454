import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import { catchUp } from '../projections/projector.ts';
import { projectionByName, projections } from '../projections/registry.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { catchUpJob, type JobData } from './jobs.ts';
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
      const version = await activeVersion(deps.pool, projection.name, projection.version);
      return catchUp(deps.pool, deps.store, projection, version, { signal: deps.signal });
    },
    /** The safety net: wakes every projection, so nothing waits forever if a wake-up was lost. */
    'catch-up-all': async () => {
      await deps.queue.addBulk(projections.map((p) => catchUpJob(p.name)));
    },
  };
}

async function activeVersion(pool: pg.Pool, name: string, fallback: number): Promise<number> {
  const res = await pool.query('SELECT active_version FROM projections WHERE name = $1', [name]);
  return res.rows[0]?.active_version ?? fallback;
}
