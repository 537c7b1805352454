import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import { catchUp } from '../projections/projector.ts';
import { projectionByName } from '../projections/registry.ts';
import { projectionsBehind } from '../projections/status.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import type { JobData } from '../services/platform/jobs.ts';
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
    /**
     * The safety net: catches up, right here, every read model that is behind, so nothing waits for a
     * lost wake-up, nor for a deduplicated catch-up job held by a dead worker (the advisory lock and
     * the checkpoint's compare-and-set make running beside such a job harmless).
     */
    'catch-up-all': async () => {
      const behind = await projectionsBehind(deps.pool);
      const results = await Promise.allSettled(
        behind.map(async ({ name, version }) => {
          const projection = projectionByName(name);
          if (projection) await catchUp(deps.pool, deps.store, projection, version, { signal: deps.signal });
        }),
      );
      const failed = results.filter((r) => r.status === 'rejected').length;
      return { behind: behind.length, failed };
    },
  };
}

async function activeVersion(pool: pg.Pool, name: string, fallback: number): Promise<number> {
  const res = await pool.query('SELECT active_version FROM projections WHERE name = $1', [name]);
  return res.rows[0]?.active_version ?? fallback;
}
