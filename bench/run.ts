// npm run bench [-- --smoke]: the product against the local Postgres and Redis, on a database of
// its own; every figure is a ratio against a reference measured in the same run.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { wakeOnAppend } from '../projections/waker.ts';
import { loadConfig, redisConnectionOptions } from '../services/config.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { checkServices } from '../services/preflight.ts';
import { deleteRedisPrefix } from '../tests/support/app.ts';
import { Client, signIn } from '../tests/support/http.ts';
import { freePort, spawnApi, spawnEntry, spawnWorker, type Child } from '../tests/support/processes.ts';
import { printTable, progress, result, type ScenarioResult } from './lib.ts';
import { appendScenarios, catchUpScenario, FULL, lagScenario, load, pgbenchTps, rebuildScenario, SMOKE, webEntrySize } from './scenarios.ts';
import { dropDatabase, freshDatabase, seedMembers, waitForProjections } from './setup.ts';
import { webhookScenario } from './webhooks.ts';

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const sizes = smoke ? SMOKE : FULL;
const root = fileURLToPath(new URL('..', import.meta.url));
const resultsFile = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('./results.json', import.meta.url));

const base = loadConfig();
const dbUrl = new URL(base.DATABASE_URL);
dbUrl.pathname = smoke ? `/advisory_bench_smoke_${process.pid}` : '/advisory_bench';
const config = loadConfig({
  ...process.env,
  DATABASE_URL: dbUrl.toString(),
  REDIS_PREFIX: `abbench-${process.pid}`,
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  ADMIN_EMAILS: 'admin@example.com',
  DEV_LOGIN: '1',
  // The smoke run shares Postgres with other test files: few connections.
  ...(smoke ? { DB_POOL_MAX: '6', WORKER_CONCURRENCY: '4' } : {}),
});


const children: Child[] = [];
let stopping = false;
/** A process of ours that dies on its own ends the run, with what it printed. */
function watch<T extends Child>(child: T, name: string): T {
  children.push(child);
  let stopped = false;
  const kill = child.kill;
  child.kill = (signal) => {
    stopped = true;
    return kill(signal);
  };
  void child.exited.then((code) => {
    if (stopping || stopped) return;
    console.error(`\nbench: the ${name} process exited with ${code}:\n${child.output.join('')}`);
    void stopAll().finally(() => process.exit(1));
  });
  return child;
}
async function stopAll() {
  stopping = true;
  await Promise.all(children.map((c) => c.kill('SIGTERM')));
}
process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
const deadline = setTimeout(() => {
  console.error('bench: 10 minutes passed; stopping');
  void stopAll().finally(() => process.exit(1));
}, 10 * 60_000);
deadline.unref();

console.log(`Benchmark (${smoke ? 'smoke: tiny sizes' : 'full'}) on ${dbUrl.host}${dbUrl.pathname}, Redis prefix ${config.REDIS_PREFIX}\n`);
await checkServices(config);
await freshDatabase(config.DATABASE_URL);
const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DB_POOL_MAX });
const store = new EventStore(pool);
const redis = new Redis({ ...redisConnectionOptions(config.REDIS_URL), maxRetriesPerRequest: null });
const projector = new Queue('projector', { connection: redis, prefix: config.REDIS_PREFIX });
const wakeUps = wakeOnAppend(store, projector, config.DATABASE_URL, () => {});
const results: ScenarioResult[] = [];

try {
  // 1–2. The event store against bare inserts.
  results.push(...(await appendScenarios(store, pool, sizes)));
  const batchedRate = results[1].figure;

  // The product: one API process and one worker process.
  const worker = watch(await spawnWorker(config), 'worker');
  const api = watch(await spawnApi(config, await freePort()), 'API');
  const seeding = progress(`seeding ${sizes.orgs} organizations with members and sessions`);
  const members = await seedMembers(store, pool, config, sizes.orgs, 1_000_000_000);
  await waitForProjections(pool);
  const admin = await signIn(api.url, 'admin@example.com', 'Bench Admin');
  seeding.done('ready');

  // 3–4. Debits against pgbench simple-update.
  const pgbenchLine = progress('reference: pgbench simple-update, 8 clients');
  const tps = pgbenchTps(config.DATABASE_URL, sizes.seconds);
  pgbenchLine.done(tps === null ? 'not available' : `${Math.round(tps)} tps`);
  const pgRef = tps === null ? null : { name: 'pgbench simple-update, 8 clients', figure: tps, unit: 'tps' };
  const usage = (cookie: string) => ({
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ credits: 1, description: 'bench', idempotencyKey: randomUUID() }),
  });
  {
    const line = progress(`credit debit, POST /api/usage, ${sizes.orgs} orgs, 50 connections`);
    let i = 0;
    const r = await load(`${api.url}/api/usage`, sizes.seconds, 50, () => usage(members[i++ % members.length].cookie), (n) => line.update(`${n} sent`));
    line.done(`${Math.round(r.rps)} debits/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`);
    results.push(result(`credit debit, ${sizes.orgs} orgs, 50 connections`, r.rps, 'debits/s', pgRef, { min: 0.3, text: '≥ 0.30' }, { p50: r.p50, p99: r.p99, errors: r.errors }));
  }
  {
    const line = progress('credit debit, POST /api/usage, one hot org, 50 connections');
    const hot = members[0];
    const before = (await admin.get('/api/admin/metrics')).body;
    const r = await load(`${api.url}/api/usage`, sizes.seconds, 50, () => usage(hot.cookie), (n) => line.update(`${n} sent`));
    const after = (await admin.get('/api/admin/metrics')).body;
    const overdrafts = await countOverdrafts(pool, hot.orgId);
    const retries = (after.retries - before.retries) / Math.max(1, after.commands - before.commands);
    line.done(`${Math.round(r.rps)} debits/s, ${retries.toFixed(2)} retries/debit, ${overdrafts} overdrafts`);
    results.push(
      result('credit debit, one hot org, 50 connections', r.rps, 'debits/s', pgRef, { min: 0.15, text: '≥ 0.15, 0 overdrafts' }, {
        p50: r.p50,
        p99: r.p99,
        retriesPerDebit: retries,
        overdrafts,
        errors: r.errors,
      }),
    );
  }

  // 5. Reads against a bare SELECT 1 route.
  {
    const refPort = await freePort();
    const ref = watch(spawnEntry('bench/reference-server.ts', config, { PORT: String(refPort) }), 'reference server');
    const refUrl = `http://127.0.0.1:${refPort}`;
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${refUrl}/select1`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const refLine = progress('reference: Fastify route doing SELECT 1 through a pg pool');
    const refLoad = await load(`${refUrl}/select1`, sizes.seconds, 50, () => ({ headers: {} }));
    refLine.done(`${Math.round(refLoad.rps)} req/s, p99 ${refLoad.p99} ms`);
    await ref.kill();
    const readRef = { name: 'Fastify SELECT 1 route', figure: refLoad.rps, unit: 'req/s' };
    const member = new Client(api.url);
    member.cookie = members[1].cookie;
    for (let i = 0; i < 20; i++) await member.post('/api/projects', { name: `Bench project ${i}`, description: 'Read me' });
    for (const [path, cookie] of [
      ['/api/projects', members[1].cookie],
      ['/api/admin/orgs?page=1&limit=10', admin.cookie],
    ] as const) {
      const line = progress(`reads: GET ${path}`);
      const r = await load(`${api.url}${path}`, sizes.seconds, 50, () => ({ headers: { cookie } }), (n) => line.update(`${n} sent`));
      line.done(`${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.errors} errors`);
      results.push(result(`reads: GET ${path}`, r.rps, 'req/s', readRef, { min: 0.5, text: '≥ 0.5' }, { p50: r.p50, p99: r.p99, errors: r.errors }));
    }
  }

  // 6–8. Projections: catch-up, lag, rebuild. The worker stops for the catch-up, which runs here.
  await worker.kill('SIGTERM');
  results.push(await catchUpScenario(store, pool, sizes, batchedRate));
  const worker2 = watch(await spawnWorker(config), 'worker');
  await waitForProjections(pool);
  results.push(await lagScenario(store, config.DATABASE_URL, sizes));
  await worker2.kill('SIGTERM');
  results.push(await rebuildScenario(store, pool, sizes, batchedRate));

  // 9. A signed Stripe webhook to credits visible on the profile.
  watch(await spawnWorker(config), 'worker');
  await waitForProjections(pool);
  results.push(await webhookScenario(api.url, config, pool, members[2], sizes.webhooks));

  // 10. The web app's entry.
  results.push(webEntrySize(`${root}web/dist`));
} finally {
  await stopAll();
  await wakeUps.close();
  await projector.close();
  redis.disconnect();
  await pool.end();
  await deleteRedisPrefix(config.REDIS_PREFIX);
  if (smoke) await dropDatabase(config.DATABASE_URL);
}

printTable(results);
writeFileSync(resultsFile, `${JSON.stringify({ mode: smoke ? 'smoke' : 'full', at: new Date().toISOString(), results }, null, 2)}\n`);
console.log(`\nresults written to ${resultsFile}`);
clearTimeout(deadline);

/** Debits that took a balance below zero, or a stored balance that disagrees with the events. */
async function countOverdrafts(db: pg.Pool, orgId: string): Promise<number> {
  const res = await db.query(`SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position`, [`org-${orgId}`]);
  let balance = 0;
  let bad = 0;
  for (const row of res.rows) {
    if (row.type === 'CreditsGranted') balance += row.data.amount;
    if (row.type === 'CreditsDebited' || row.type === 'CreditsRevoked') balance -= row.data.amount;
    if (balance < 0 || (row.data.balanceAfter !== undefined && row.data.balanceAfter !== balance)) bad++;
  }
  return bad;
}
