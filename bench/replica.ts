import pg from 'pg';
import { replicaLag } from '../services/platform/read-pool.ts';

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
      const now = await replicaLag(primary, replica);
      lag.samples++;
      if (now) {
        lag.maxLagBytes = Math.max(lag.maxLagBytes, now.lagBytes);
        lag.maxLagSeconds = Math.max(lag.maxLagSeconds, now.lagSeconds);
      }
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
