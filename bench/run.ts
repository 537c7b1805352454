// npm run bench [-- --smoke | --soak] (BENCH_SECONDS=n: n seconds per timed scenario; BENCH_ONLY=usage: only the metered usage scenarios and their reference; BENCH_ONLY=projections: only catch-up, lag and rebuild, with the rebuild's reference; BENCH_ONLY=reads: only the two read scenarios and the HTTP references; BENCH_ONLY=writes: only the appends, the debits and the two API processes, with their references; BENCH_ONLY=webhooks: only the signed Stripe webhook and its round trips; BENCH_API_NODE=<executable>: runs the API processes with it instead of this node, e.g. a wrapper adding --cpu-prof; BENCH_WORKER_NODE the worker, BENCH_ALONE_NODE the catch-up's and the rebuild's processes): the product against the local Postgres and Redis, on a database
// of its own. Every ratio is against a reference of the same shape measured in the same run, by an
// independent client (pgbench for the database, the same load generator process for HTTP), while the
// product is idle; each scenario also shows the CPU each process used and the API's statements per request.
import { writeFileSync } from 'node:fs';
import { sampleReplicaLag, type ReplicaLag } from './replica.ts';
import { coreMs, MAX_SPREAD, watchMachine } from './machine.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkServices } from '../bin/preflight.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { loadConfig } from '../services/platform/config.ts';
import { createPool } from '../services/platform/pool.ts';
import { deleteRedisPrefix } from '../tests/support/app.ts';
import { Client, signIn } from '../tests/support/http.ts';
import { compileForTests } from '../tests/support/compiled.ts';
import { COMPILED_ENV, freePort, spawnApi, spawnEntry, spawnWorker } from '../tests/support/processes.ts';
import { stopAll, stopWatched, watch } from './children.ts';
import { debitScenario, httpReference, httpReferenceOnce, readScenario, warmUp, type Product } from './http-scenarios.ts';
import { markMovedReference, markSlowCores, printTable, progress, result, withMachine, type ScenarioResult } from './lib.ts';
import { startProxy, twoProcessScenario, withAffinity, type Proxy } from './proxy.ts';
import { countOverdrafts } from './overdrafts.ts';
import { PgBench, REBUILD_BATCH_EVENTS, type Reference } from './pgbench.ts';
import { appendScenarios, catchUpScenario, FULL, lagScenario, rebuildScenario, SMOKE, webEntrySize } from './scenarios.ts';
import { dropDatabase, freshDatabase, seedMembers, waitForProjections } from './setup.ts';
import { soak } from './soak.ts';
import { USAGE_ORGS, usageScenarios } from './usage.ts';
import { stripeRoundTrips, webhookScenario } from './webhooks.ts';
import { checkpointNow, checkpointsSoFar } from './checkpoints.ts';

const smoke = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
const soakMode = process.argv.includes('--soak');
/**
 * BENCH_ONLY=usage: the usage scenarios alone (with the 10-row INSERT reference), on USAGE_ORGS organizations at most.
 * BENCH_ONLY=projections: catch-up, lag and rebuild alone (with the rebuild's pgbench reference), on USAGE_ORGS organizations at most.
 * BENCH_ONLY=reads: the two read scenarios alone, with the HTTP references (no pgbench reference).
 * BENCH_ONLY=writes: the appends, the debits on 1,000 organizations and on a hot one, and the two API processes, with their pgbench references.
 * BENCH_ONLY=webhooks: the signed Stripe webhook to credits visible, and the round trips per Stripe event (no reference).
 */
const only = process.env.BENCH_ONLY ?? '';
if (only && only !== 'usage' && only !== 'projections' && only !== 'reads' && only !== 'writes' && only !== 'webhooks') {
  console.error(`bench: BENCH_ONLY=${only} is not a scenario group (usage, projections, reads, writes and webhooks are)`);
  process.exit(2);
}
const usageOnly = only === 'usage';
const projectionsOnly = only === 'projections';
const readsOnly = only === 'reads';
const writesOnly = only === 'writes';
const webhooksOnly = only === 'webhooks';
const apiProcesses = Math.max(1, Number(process.env.BENCH_API_PROCESSES ?? 1));
if (apiProcesses > 2) {
  console.error(`bench: BENCH_API_PROCESSES=${apiProcesses}: the shipped proxy configuration (deploy/nginx) has two API upstreams`);
  process.exit(2);
}
// BENCH_SECONDS lengthens each timed scenario (a smoke run whose rates mean something, without the full sizes).
const sizes = { ...(smoke ? SMOKE : FULL), ...(process.env.BENCH_SECONDS ? { seconds: Number(process.env.BENCH_SECONDS) } : {}) };
if (usageOnly || projectionsOnly) sizes.orgs = Math.min(sizes.orgs, USAGE_ORGS);
const root = fileURLToPath(new URL('..', import.meta.url));
// A smoke run never overwrites the committed results of a full run.
const resultsFile = process.env.BENCH_RESULTS ?? (smoke || only ? join(tmpdir(), `bench-${smoke ? 'smoke' : only}-${process.pid}.json`) : fileURLToPath(new URL(soakMode ? './soak-results.json' : './results.json', import.meta.url)));

const base = loadConfig();
const dbUrl = new URL(base.DATABASE_URL);
dbUrl.pathname = smoke ? `/advisory_bench_smoke_${process.pid}` : '/advisory_bench';
// READ_DATABASE_URL: a streaming replica of DATABASE_URL's server; the API processes read read models there.
const replicaUrl = base.READ_DATABASE_URL ? Object.assign(new URL(base.READ_DATABASE_URL), { pathname: dbUrl.pathname }).toString() : undefined;
let replicaLag: ReplicaLag | null = null;
const config = loadConfig({
  ...process.env,
  DATABASE_URL: dbUrl.toString(),
  ...(replicaUrl ? { READ_DATABASE_URL: replicaUrl } : {}),
  REDIS_PREFIX: `abbench-${process.pid}`,
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  ADMIN_EMAILS: 'admin@example.com',
  DEV_LOGIN: '1',
  // The smoke run shares Postgres with other test files: few connections.
  ...(smoke ? { DB_POOL_MAX: '6', WORKER_CONCURRENCY: '4' } : {}),
});

process.once('SIGINT', () => void stopAll().finally(() => process.exit(130)));
const deadline = setTimeout(() => {
  console.error(`bench: ${soakMode ? 15 : 10} minutes passed; stopping`);
  void stopAll().finally(() => process.exit(1));
}, (soakMode ? 15 : 10) * 60_000);
deadline.unref();

console.log(`Benchmark (${smoke ? 'smoke: tiny sizes' : soakMode ? 'soak' : 'full'}${only ? `, ${only} only` : ''}, ${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''}) on ${dbUrl.host}${dbUrl.pathname}, Redis prefix ${config.REDIS_PREFIX}\n`);
await checkServices(config);
// The product's processes (API, worker, the load scripts) run as JavaScript transpiled once, as a
// deployment runs `npm run build`'s output, not through tsx (whose keepNames wraps every named closure
// at each creation): the catch-up went 38,353 and 40,615 events/s through tsx, 41,235 and 42,220
// compiled (alternating BENCH_ONLY=projections runs, 2026-11-29). `npm test` has compiled them already.
process.env[COMPILED_ENV] ??= await compileForTests(root);
await freshDatabase(config.DATABASE_URL);
// The product's own pool settings (a lost connection never kills the run), with room for the bench's long statements.
const pool = createPool(config.DATABASE_URL, config.DB_POOL_MAX, { statementMs: 120_000, idleInTransactionMs: 120_000 });
const store = new EventStore(pool);
const results: ScenarioResult[] = [];
/**
 * Runs a scenario while watching what else the machine does; its results say so (and when they cannot
 * be compared), and count the checkpoints that began while it ran. A latency scenario (`afterCheckpoint`)
 * starts after a checkpoint: its p99 is not to be the checkpoint the WAL of the scenarios before it
 * owed. A throughput scenario does not: right after a checkpoint, each page's first change writes the
 * whole page to the WAL, and its reference, measured earlier, did not pay that (the debits over 1,000
 * organizations: 778 a second after one, 964 without, 2026-11-30 20:20).
 */
const measured = async (scenario: () => Promise<ScenarioResult | ScenarioResult[]>, { afterCheckpoint = false } = {}): Promise<ScenarioResult[]> => {
  if (afterCheckpoint) await checkpointNow(pool);
  const checkpoints = await checkpointsSoFar(pool);
  const machine = watchMachine();
  const out = await scenario();
  const state = machine.stop();
  return withMachine([out].flat(), { ...state, checkpoints: (await checkpointsSoFar(pool)) - checkpoints });
};
/** 6–8. Projections: catch-up, lag, rebuild. The worker stops for the catch-up, which runs in a process of its own; a second one serves the lag; none runs during the rebuild, which runs in a process of its own too. */
const projectionScenarios = async (worker: { kill(signal: NodeJS.Signals): Promise<unknown> }, reference: Reference | null) => {
  await worker.kill('SIGTERM');
  results.push(...(await measured(() => catchUpScenario(store, config.DATABASE_URL, config.DB_POOL_MAX, sizes))));
  const worker2 = watch(await spawnProductWorker(), 'worker');
  await waitForProjections(pool);
  results.push(...(await measured(() => lagScenario(store, config.DATABASE_URL, sizes), { afterCheckpoint: true })));
  await worker2.kill('SIGTERM');
  results.push(...(await measured(() => rebuildScenario(store, pool, config.DATABASE_URL, config.DB_POOL_MAX, sizes, reference))));
};
let pgbench: PgBench | null = null;
/** Starts a process of the product with the node command named by `env` when set (spawnApi and spawnWorker start theirs at once, with process.execPath). */
const spawnedBy = <T>(env: 'BENCH_API_NODE' | 'BENCH_WORKER_NODE', spawn: () => T): T => {
  const node = process.execPath;
  if (process.env[env]) process.execPath = process.env[env]!;
  try {
    return spawn();
  } finally {
    process.execPath = node;
  }
};
/** An API process of the product, run by BENCH_API_NODE when set. */
const spawnProductApi = (port: number) => spawnedBy('BENCH_API_NODE', () => spawnApi(config, port));
/** The worker, run by BENCH_WORKER_NODE when set. */
const spawnProductWorker = () => spawnedBy('BENCH_WORKER_NODE', () => spawnWorker(config));
let proxy: Proxy | null = null;

/** The HTTP references' bare Fastify server (bench/reference-server.ts), started for `use` and stopped after it. */
async function withReferenceServer<T>(use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = watch(spawnEntry('bench/reference-server.ts', config, { PORT: String(port) }), 'reference server');
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 100 && !(await fetch(`${url}/hello`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
    return await use(url);
  } finally {
    await server.kill();
  }
}

try {
  // References first, with the product's processes not started: the database alone, then bare HTTP routes.
  const refSeconds = smoke ? 1 : 4;
  pgbench = soakMode || readsOnly ? null : PgBench.create(config.DATABASE_URL, smoke ? 1 : 10);
  /** How to measure each reference once more at the run's end. */
  const again: { name: string; measure: () => Promise<number> }[] = [];
  const ref = (name: string, script: Parameters<PgBench['reference']>[1], unit: string, rows = 1): Reference | null => {
    const bench = pgbench;
    if (!bench) return null;
    const line = progress(`reference: ${name}`);
    // A smoke run's figures mean nothing: a few transactions per client, not seconds of saturating load
    // (twelve 1 s runs of 8 clients were about 20 CPU-seconds of the smoke run beside the other test files).
    const length = smoke ? { transactions: 2 } : { seconds: refSeconds };
    const measure = () => ({ coreMs: coreMs(), ...bench.reference(name, script, unit, 8, length, rows) });
    again.push({ name, measure: async () => bench.tps(script, 8, length) * rows });
    let r = measure();
    // A reference whose repeats drifted apart is measured again; the steadier of the two is kept (not in a
    // smoke run: its runs beside other test files drift apart nearly always, and its figures mean nothing).
    if (!smoke && r.spread > MAX_SPREAD) {
      const again = measure();
      if (again.spread < r.spread) r = again;
    }
    line.done(`${Math.round(r.figure)} ${unit} ±${Math.round(r.spread * 100)}%`);
    return r;
  };
  const refs = soakMode
    ? null
    : {
        insert1: only && !writesOnly ? null : ref('pgbench: INSERT of 1 event-sized row/tx, 8 clients', 'insert1', 'rows/s'),
        insert10: projectionsOnly || readsOnly ? null : ref('pgbench: INSERT of 10 rows/statement, 8 clients', 'insert10', 'rows/s', 10),
        debit1000: only && !writesOnly ? null : ref('pgbench: bare SQL debit (UPDATE … credits >= 1 + INSERT), 1,000 rows, 8 clients', 'debit1000', 'tx/s'),
        debitHot: only && !writesOnly ? null : ref('pgbench: bare SQL debit, one hot row, 8 clients', 'debitHot', 'tx/s'),
        simpleUpdate: only ? null : ref('pgbench simple-update (-N), 8 clients', 'simple-update', 'tps'),
        rebuildBatch: usageOnly || writesOnly ? null : ref(`pgbench: the rows a rebuild writes for ${REBUILD_BATCH_EVENTS} ledger events, 1 tx, 8 clients`, 'rebuildBatch', 'events/s', REBUILD_BATCH_EVENTS),
      };
  let http: { hello: Reference; select1: Reference } | null = null;
  if (!soakMode && (!only || readsOnly)) {
    http = await withReferenceServer(async (refUrl) => ({
      hello: await httpReference('Fastify hello-world route', `${refUrl}/hello`, refSeconds),
      select1: await httpReference('Fastify route doing SELECT 1 through a pg pool', `${refUrl}/select1`, refSeconds),
    }));
    const select1 = http.select1.name;
    again.push({ name: select1, measure: () => withReferenceServer((refUrl) => httpReferenceOnce(`${refUrl}/select1`, refSeconds)) });
    for (const r of [refs!.simpleUpdate, http.hello]) if (r) results.push(result(`reference: ${r.name}`, r.figure, r.unit, null, { text: 'reference (continuity)' }, { spread: r.spread }));
  }
  // 1–2. The event store against bare inserts.
  if (!soakMode && (!only || writesOnly)) results.push(...(await measured(() => appendScenarios(config.DATABASE_URL, sizes, refs!))));

  // The product: one worker process and BENCH_API_PROCESSES API processes (1 unless set; 2 behind the shipped proxy).
  // Started side by side: each process spends seconds importing the product.
  const [worker, ...apis] = await Promise.all([
    spawnProductWorker().then((w) => watch(w, 'worker')),
    ...Array.from({ length: apiProcesses }, async (_, i) => watch(await spawnProductApi(await freePort()), i === 0 ? 'API' : `API ${i + 1}`)),
  ]);
  const api = apis[0];
  const seeding = progress(`seeding ${sizes.orgs} organizations with members and sessions`);
  const members = await seedMembers(store, pool, config, sizes.orgs, 1_000_000_000);
  await waitForProjections(pool);
  // The planner's statistics, as a database in use has them from autovacuum: this machine's shared
  // Postgres runs with autovacuum off, so a fresh bench database had none at all.
  await pool.query('ANALYZE');
  const admin = await signIn(api.url, 'admin@example.com', 'Bench Admin');
  seeding.done('ready');
  const admins = [admin, ...apis.slice(1).map((a) => Object.assign(new Client(a.url), { cookie: admin.cookie }))];
  const direct: Product = { url: api.url, urls: [api.url], apiPids: () => apis.map((a) => a.process.pid!), workerPids: () => [worker.process.pid!], admins };
  proxy = apis.length > 1 ? await startProxy(apis.map((a) => a.url)) : null;
  const product: Product = proxy ? { ...direct, url: proxy.url, urls: [proxy.url], proxyPids: () => proxy!.pids() } : direct;
  /** A member's projects and the admin's organizations page, against the SELECT 1 route. */
  const readScenarios = async (): Promise<ScenarioResult[]> => {
    const out: ScenarioResult[] = [];
    const member = new Client(product.url);
    member.cookie = withAffinity(members[1]);
    for (let i = 0; i < 20; i++) await member.post('/api/projects', { name: `Bench project ${i}`, description: 'Read me' });
    const lagSampler = replicaUrl ? sampleReplicaLag(config.DATABASE_URL, replicaUrl) : null;
    out.push(...(await measured(() => readScenario(product, '/api/projects', member.cookie!, sizes.seconds, http!.select1, { min: 0.7, text: '≥ 0.7' }))));
    out.push(...(await measured(() => readScenario(product, '/api/admin/orgs?page=1&limit=10', admin.cookie, sizes.seconds, http!.select1, { min: 0.5, text: '≥ 0.5' }))));
    replicaLag = (await lagSampler?.stop()) ?? null;
    return out;
  };

  /** A signed Stripe webhook to credits visible on the profile, and the round trips per Stripe event. */
  const webhookScenarios = async (member: (typeof members)[number]): Promise<ScenarioResult[]> => [
    ...(await measured(() => webhookScenario(product.url, config, pool, member, sizes.webhooks), { afterCheckpoint: true })),
    ...(await stripeRoundTrips(product.url, config, member)),
  ];

  if (soakMode) {
    results.push(...(await measured(() => soak(product, members, smoke ? 0.5 : 5))));
  } else if (usageOnly) {
    results.push(...(await measured(() => usageScenarios(product, pool, admin, members.map(withAffinity), sizes.seconds, refs!.insert10))));
  } else if (projectionsOnly) {
    await projectionScenarios(worker, refs!.rebuildBatch);
  } else if (readsOnly) {
    results.push(...(await readScenarios()));
  } else if (webhooksOnly) {
    results.push(...(await webhookScenarios(members[2])));
  } else {
    // 3–4. Debits against the bare SQL debit of the same shape.
    // Cookies as a browser sends them: the session and the routing cookie the API set (the proxy hashes on it).
    const cookies = members.map(withAffinity);
    await warmUp(product, cookies);
    const debits = await measured(() => debitScenario(product, `credit debit, POST /api/usage, ${sizes.orgs} orgs, 50 connections`, cookies, sizes.seconds, refs!.debit1000, { min: 0.5, text: '≥ 0.5' }));
    results.push(...debits);
    const hot = members[0];
    results.push(
      ...(await measured(() => debitScenario(product, 'credit debit, one hot org, 50 connections', [withAffinity(hot)], sizes.seconds, refs!.debitHot, { min: 1.5, text: '≥ 1.5, 0 overdrafts' }, async () => ({
        overdrafts: await countOverdrafts(pool, hot.orgId),
      })))),
    );

    // A second API process behind the proxy, against the one-process debits of this run, measured right
    // after them: on the database as they left it. Measured after the reads and the metered usage (some
    // 470,000 more events in the log, their read models caught up meanwhile), a full run gave 0.53 of the
    // one-process figure where runs of the writes alone gave 0.77-0.84 (2026-11-29, the machine of 16:43).
    if (!proxy) {
      const spawnSecond = async () => {
        const second = watch(await spawnApi(config, await freePort()), 'API 2');
        return { url: second.url, pid: () => second.process.pid!, kill: () => second.kill('SIGTERM') };
      };
      results.push(...(await measured(() => twoProcessScenario(product, spawnSecond, members, sizes.seconds, debits[0]))));
    }

    if (!writesOnly) {
      // 5. Reads against the SELECT 1 route.
      results.push(...(await readScenarios()));

      // Metered usage: batches with repeated ids, and quotes.
      results.push(...(await measured(() => usageScenarios(product, pool, admin, cookies, sizes.seconds, refs!.insert10))));
      // (Set by readScenarios, which TypeScript's narrowing does not see.)
      const lag = replicaLag as ReplicaLag | null;
      if (lag) console.log(`  read replica during the reads: max lag ${lag.maxLagBytes} bytes, ${lag.maxLagSeconds.toFixed(3)} s (${lag.samples} samples)`);
    }

    if (!writesOnly) {
      // 6–8. Projections: catch-up, lag, rebuild.
      await projectionScenarios(worker, refs!.rebuildBatch);

      // 9. A signed Stripe webhook to credits visible on the profile (a fresh worker: the projection scenarios stopped theirs).
      watch(await spawnProductWorker(), 'worker');
      await waitForProjections(pool);
      results.push(...(await webhookScenarios(members[2])));

      // 10. The web app's entry.
      results.push(webEntrySize(`${root}web/dist`));
    }
  }

  // Each reference a ratio used, measured once more with the product's processes stopped, as at the
  // start: a machine whose speed changed during the run (the SELECT 1 route has given 9,176 and 2,800
  // req/s in two runs an hour apart, each steady within itself) is seen, and the ratios across the
  // change are marked.
  if (!smoke && !soakMode) {
    await proxy?.stop();
    proxy = null;
    await stopWatched();
    for (const { name, measure } of again) {
      if (!results.some((r) => r.reference?.name === name)) continue;
      const line = progress(`reference again: ${name}`);
      const checkpoints = await checkpointsSoFar(pool);
      const after = await measure();
      const began = (await checkpointsSoFar(pool)) - checkpoints;
      const moved = markMovedReference(results, name, after, began);
      line.done(`${Math.round(after)}${moved === null ? '' : ` (${moved > 0 ? '+' : ''}${Math.round(moved * 100)}% from the start)`}${began ? `, checkpoints=${began}` : ''}`);
    }
  }
} finally {
  await proxy?.stop();
  await stopAll();
  pgbench?.drop();
  await pool.end();
  await deleteRedisPrefix(config.REDIS_PREFIX);
  if (smoke) await dropDatabase(config.DATABASE_URL);
}

const cores = markSlowCores(results);
printTable(results);
if (cores) console.log(`\nA core's speed over the run: a fixed loop took ${cores.fastest}–${cores.slowest} CPU-ms (bench/machine.ts coreMs).`);
writeFileSync(resultsFile, `${JSON.stringify({ mode: smoke ? 'smoke' : soakMode ? 'soak' : 'full', ...(only ? { only } : {}), at: new Date().toISOString(), apiProcesses, comparable: results.every((r) => !r.notComparable), ...(cores ? { coreMs: cores } : {}), ...(replicaLag ? { readReplica: replicaLag } : {}), results }, null, 2)}\n`);
console.log(`\nresults written to ${resultsFile}`);
clearTimeout(deadline);
