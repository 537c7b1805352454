import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../migrations/run.ts';
import { ensureProjections } from '../../projections/projector.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn, type Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { scrape, valueOf } from '../support/metrics.ts';
import { postgresBin, startPrimaryAndReplica, type PrimaryAndReplica } from '../support/pg-cluster.ts';
import { freePort, waitFor } from '../support/processes.ts';

/**
 * Issue 30: read models read from a streaming replica (READ_DATABASE_URL) the test starts itself,
 * commands on the primary; the caller's own writes stay visible; lag in /metrics; a stopped replica
 * only sends the reads back to the primary.
 */
const bin = postgresBin();
if (!bin) console.warn('read-replica.test: skipped, no Postgres server binaries under /usr/lib/postgresql (apt-get install postgresql)');

let servers: PrimaryAndReplica;
let t: TestApp;
let replica: pg.Pool;
let member: Client;
let other: Client;

beforeAll(async () => {
  if (!bin) return;
  servers = await startPrimaryAndReplica(bin, [await freePort(), await freePort()]);
  const admin = new pg.Client({ connectionString: servers.primaryUrl('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE advisory_board');
  await admin.end();
  await migrate(servers.primaryUrl('advisory_board'));
  const pool = new pg.Pool({ connectionString: servers.primaryUrl('advisory_board'), max: 1 });
  await ensureProjections(pool);
  await pool.end();
  t = await startApp({ databaseUrl: servers.primaryUrl('advisory_board'), env: { READ_DATABASE_URL: servers.replicaUrl('advisory_board'), READ_REPLICA_MAX_LAG_MS: '60000' } });
  replica = new pg.Pool({ connectionString: servers.replicaUrl('advisory_board'), max: 2 });
  member = (await memberWithOrg(t, 'replica-reader@example.com')).client;
  // The same member in a second browser: it carries no read-your-writes cookie of the first one's writes.
  other = await signIn(t.url, 'replica-reader@example.com');
}, 180_000);

afterAll(async () => {
  await replica?.end().catch(() => {});
  await t?.close();
  servers?.stop();
});

const names = async (client: Client) => ((await client.get('/api/projects')).body as { name: string }[]).map((p) => p.name);
const samples = async () => scrape(t.url);

describe.skipIf(!bin)('read models from a streaming replica', () => {
  it('serves reads from the replica, and a caller sees its own writes at once even while the replica is held back', async () => {
    await waitFor('the replica to be in use', async () => valueOf(await samples(), 'read_replica_usable') === 1);
    expect((await member.post('/api/projects', { name: 'Replicated' })).status).toBe(201);
    expect(await names(member)).toContain('Replicated');
    await waitFor('the replica to show it to anyone', async () => (await names(other)).includes('Replicated'));

    // Hold the replica's replay: its reads stop moving while the primary goes on.
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const res = await member.post('/api/projects', { name: 'Written while paused' });
      expect(res.status).toBe(201);
      const mine = await member.get('/api/projects');
      expect(mine.status).toBe(200);
      expect((mine.body as { name: string }[]).map((p) => p.name)).toContain('Written while paused');
      // Another caller reads the replica, as it stands: the write is not there yet, and the lag says so.
      expect(await names(other)).not.toContain('Written while paused');
      await waitFor('the lag to show in /metrics', async () => valueOf(await samples(), 'read_replica_lag_bytes') > 0);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await waitFor('the replica to catch up', async () => (await names(other)).includes('Written while paused'));
    await waitFor('the lag to go back to 0', async () => valueOf(await samples(), 'read_replica_lag_bytes') === 0);
  });

  it('answers every read from the primary, without an error, once the replica is stopped', async () => {
    await replica.end();
    servers.stopReplica();
    const answers = await Promise.all([member.get('/api/projects'), other.get('/api/projects'), member.get('/api/advisors'), member.get('/api/subscriptions/public')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect((answers[1].body as { name: string }[]).map((p) => p.name)).toContain('Written while paused');
    expect((await member.post('/api/projects', { name: 'After the replica' })).status).toBe(201);
    expect(await names(other)).toContain('After the replica');
    await waitFor('the replica to be reported unusable', async () => valueOf(await samples(), 'read_replica_usable') === 0);
  });
});
