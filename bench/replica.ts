import pg from 'pg';
import { lsnBytes } from '../services/platform/read-pool.ts';

export interface ReplicaLag {
  samples: number;
  maxLagBytes: number;
  maxLagSeconds: number;
}

/**
 * With READ_DATABASE_URL the bench's API processes read their read models from that replica; this
 * samples how far behind the primary it is (every 200 ms) while the read scenarios run.
 */
export function sampleReplicaLag(primaryUrl: string, replicaUrl: string): { stop(): Promise<ReplicaLag> } {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  const lag: ReplicaLag = { samples: 0, maxLagBytes: 0, maxLagSeconds: 0 };
  let running = true;
  const loop = (async () => {
    await Promise.all([primary.connect(), replica.connect()]);
    while (running) {
      const [{ rows: [p] }, { rows: [r] }] = await Promise.all([
        primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'),
        replica.query<{ lsn: string; age: number | null }>(
          'SELECT pg_last_wal_replay_lsn()::text AS lsn, extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS age',
        ),
      ]);
      const behind = Number(lsnBytes(p.lsn) - lsnBytes(r.lsn));
      lag.samples++;
      lag.maxLagBytes = Math.max(lag.maxLagBytes, behind);
      if (behind > 0) lag.maxLagSeconds = Math.max(lag.maxLagSeconds, r.age ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => {});
      await Promise.all([primary.end().catch(() => {}), replica.end().catch(() => {})]);
      return lag;
    },
  };
}
