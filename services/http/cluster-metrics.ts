import type { FastifyInstance } from 'fastify';
import { openHoldsCount } from '../../projections/lots/queries.ts';
import { projectionStatuses } from '../../projections/status.ts';
import { driftStatuses } from '../../projections/drift-results.ts';
import { QUEUE_NAMES } from '../platform/jobs.ts';
import { newRegistry, prom } from '../platform/metrics.ts';
import { withTimeout } from '../platform/unavailable.ts';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const PROJECTION_STATES = ['live', 'rebuilding', 'failed'] as const;
const COLLECT_TIMEOUT_MS = 2000;

/**
 * Gauges read from the shared stores at scrape time: the same for every process, so only the API
 * serves them. A store that does not answer leaves its gauges empty for that scrape (readiness says why).
 */
export function clusterMetrics(app: FastifyInstance) {
  const registry = newRegistry();
  const registers = [registry];
  const guarded = async (gauge: { reset(): void }, what: string, fill: () => Promise<void>) => {
    try {
      await withTimeout(fill(), COLLECT_TIMEOUT_MS, what);
    } catch (err) {
      gauge.reset();
      app.log.debug({ err: (err as Error).message }, `metrics: ${what} not collected`);
    }
  };

  let statuses: Promise<Awaited<ReturnType<typeof projectionStatuses>>> | null = null;
  // One query serves the three projection gauges of one scrape.
  const projectionsOnce = () => {
    statuses ??= projectionStatuses(app.pg).finally(() => setTimeout(() => (statuses = null), 100).unref());
    return statuses;
  };

  new prom.Gauge({
    name: 'projection_lag_events',
    help: 'Events of the log a read model has not applied yet',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      await guarded(this, 'projection lag', async () => {
        for (const s of await projectionsOnce()) this.set({ projection: s.name }, s.lag);
      });
    },
  });
  new prom.Gauge({
    name: 'projection_lag_seconds',
    help: 'Age of the oldest event a read model has not applied yet',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      await guarded(this, 'projection lag', async () => {
        for (const s of await projectionsOnce()) this.set({ projection: s.name }, s.lagSeconds);
      });
    },
  });
  new prom.Gauge({
    name: 'projection_status',
    help: '1 for the status each read model is in (live, rebuilding, failed), 0 for the others',
    labelNames: ['projection', 'status'] as const,
    registers,
    async collect() {
      await guarded(this, 'projection status', async () => {
        for (const s of await projectionsOnce()) {
          for (const status of PROJECTION_STATES) this.set({ projection: s.name, status }, s.status === status ? 1 : 0);
        }
      });
    },
  });
  new prom.Gauge({
    name: 'read_model_drift_rows',
    help: 'Rows of a read model that differ from the log, as its last drift check found them',
    labelNames: ['read_model'] as const,
    registers,
    async collect() {
      await guarded(this, 'read model drift', async () => {
        this.reset();
        for (const d of await driftStatuses(app.pg)) if (d.finishedAt && d.status === 'done') this.set({ read_model: d.readModel }, d.rows);
      });
    },
  });
  new prom.Gauge({
    name: 'eventstore_oldest_open_transaction_seconds',
    help: 'Age of the oldest open transaction holding an xid: no read model moves past it (safe order)',
    registers,
    async collect() {
      await guarded(this, 'oldest open transaction', async () => {
        const res = await app.pg.query(
          `SELECT coalesce(extract(epoch FROM now() - min(xact_start)), 0)::float8 AS seconds FROM pg_stat_activity
            WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()`,
        );
        this.set(Number(res.rows[0].seconds));
      });
    },
  });
  new prom.Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs of each queue by state',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      await guarded(this, 'queue jobs', async () => {
        const counts = await Promise.all(QUEUE_NAMES.map(async (queue) => ({ queue, counts: await app.queues[queue].getJobCounts(...JOB_STATES) })));
        for (const { queue, counts: c } of counts) for (const state of JOB_STATES) this.set({ queue, state }, c[state] ?? 0);
      });
    },
  });
  new prom.Gauge({
    name: 'credits_holds_open',
    help: 'Credit holds open (reserved, neither captured nor released)',
    registers,
    async collect() {
      await guarded(this, 'open holds', async () => this.set(await openHoldsCount(app.pg)));
    },
  });
  // The read replica as this API process last saw it (READ_DATABASE_URL; nothing without one).
  const replicaGauge = (name: string, help: string, value: (r: NonNullable<ReturnType<FastifyInstance['readPool']['replica']>>) => number | null) =>
    new prom.Gauge({
      name,
      help,
      registers,
      collect() {
        const replica = app.readPool.replica();
        const v = replica ? value(replica) : null;
        if (v === null) this.reset();
        else this.set(v);
      },
    });
  replicaGauge('read_replica_lag_bytes', 'WAL the read replica has not replayed yet, in bytes', (r) => r.lagBytes);
  replicaGauge('read_replica_lag_seconds', 'Age of the last transaction the read replica replayed while it is behind (0 when it has replayed everything)', (r) => r.lagSeconds);
  replicaGauge('read_replica_usable', '1 while read-model queries go to the read replica, 0 while the primary answers them', (r) => (r.usable ? 1 : 0));
  return registry;
}
