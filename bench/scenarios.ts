import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { catchUp } from '../projections/projector.ts';
import { rebuild } from '../projections/rebuild.ts';
import { projections } from '../projections/registry.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { appendLedger } from '../tests/support/events.ts';
import { percentile, progress, result, runFor, type ScenarioResult } from './lib.ts';

export interface Sizes {
  seconds: number;
  orgs: number;
  catchUpEvents: number;
  rebuildEvents: number;
  webhooks: number;
}

export const FULL: Sizes = { seconds: 8, orgs: 1000, catchUpEvents: 100_000, rebuildEvents: 200_000, webhooks: 40 };
export const SMOKE: Sizes = { seconds: 1, orgs: 20, catchUpEvents: 2_000, rebuildEvents: 3_000, webhooks: 3 };

const payload = (i: number) => ({ type: 'BenchAppended', data: { i, note: 'a small event of the size a credit event has' } });

export async function appendScenarios(store: EventStore, pool: pg.Pool, sizes: Sizes): Promise<ScenarioResult[]> {
  await pool.query('CREATE TABLE IF NOT EXISTS bench_plain (id bigserial PRIMARY KEY, data jsonb NOT NULL)');
  const ms = sizes.seconds * 1000;
  const out: ScenarioResult[] = [];
  for (const batch of [1, 10]) {
    const name = batch === 1 ? 'event store append, 1 event/tx, 8 clients' : 'event store append, batches of 10, 8 clients';
    const line = progress(name);
    const versions = new Map<number, number>();
    const streams = Array.from({ length: 8 }, () => `bench-${randomUUID()}`);
    const appended = await runFor(ms, 8, async (c) => {
      const version = versions.get(c) ?? 0;
      await store.append(streams[c], Array.from({ length: batch }, (_, i) => payload(i)), { expected: version });
      versions.set(c, version + batch);
      return batch;
    }, (ops) => line.update(`${ops} events`));
    const events = JSON.stringify(payload(0).data);
    const values = Array.from({ length: batch }, (_, i) => `($${i + 1}::jsonb)`).join(', ');
    const bare = await runFor(ms, 8, async () => {
      await pool.query(`INSERT INTO bench_plain (data) VALUES ${values}`, Array.from({ length: batch }, () => events));
      return batch;
    });
    const rate = appended.ops / appended.seconds;
    const reference = bare.ops / bare.seconds;
    line.done(`${Math.round(rate)} events/s vs bare INSERT ${Math.round(reference)} rows/s`);
    out.push(
      result(name, rate, 'events/s', { name: `bare INSERT ${batch === 1 ? '1 row' : '10 rows'}/statement`, figure: reference, unit: 'rows/s' }, {
        min: 0.5,
        text: '≥ 0.5',
      }),
    );
  }
  return out;
}

/** pgbench simple-update (-N), 8 clients, on a database of its own on the same server. */
export function pgbenchTps(adminUrl: string, seconds: number): number | null {
  const which = spawnSync('pgbench', ['--version']);
  if (which.status !== 0) {
    console.log('  ! pgbench not found: install it with `apt-get install postgresql-contrib` (Debian); the debit ratios are left empty');
    return null;
  }
  const u = new URL(adminUrl);
  const db = 'advisory_bench_pgbench';
  const common = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  spawnSync('dropdb', [...common, '--if-exists', db]);
  execFileSync('createdb', [...common, db]);
  execFileSync('pgbench', [...common, '-i', '-q', '-s', '10', db], { stdio: 'ignore' });
  const run = execFileSync('pgbench', [...common, '-N', '-n', '-c', '8', '-j', '2', '-T', String(Math.max(1, seconds)), db]).toString();
  spawnSync('dropdb', [...common, '--if-exists', db]);
  const tps = /tps = ([\d.]+)/.exec(run);
  return tps ? Number(tps[1]) : null;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** autocannon against one route; `request` builds each request (a cookie, a fresh idempotency key). */
export async function load(
  url: string,
  seconds: number,
  connections: number,
  request: () => { method?: string; headers: Record<string, string>; body?: string },
  onTick?: (done: number) => void,
): Promise<LoadResult> {
  let sent = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const r = request();
          sent++;
          return { ...req, method: (r.method ?? 'GET') as 'GET', headers: { ...req.headers, ...r.headers }, body: r.body };
        },
      },
    ],
  });
  const ticker = setInterval(() => onTick?.(sent), 500);
  const res = await instance;
  clearInterval(ticker);
  const ok = res['2xx'];
  return { rps: ok / seconds, p50: res.latency.p50, p99: res.latency.p99, ok, errors: res.non2xx + res.errors + res.timeouts };
}

export async function catchUpScenario(store: EventStore, pool: pg.Pool, sizes: Sizes, appendRate: number): Promise<ScenarioResult> {
  const name = `projection catch-up after ${sizes.catchUpEvents} appended events`;
  const line = progress(name);
  const streams = 8;
  await Promise.all(Array.from({ length: streams }, () => appendLedger(store, Math.ceil(sizes.catchUpEvents / streams), 500)));
  line.update('appended; catching up');
  const started = Date.now();
  await Promise.all(projections.map((p) => catchUp(pool, store, p, undefined, { batchSize: 5000, settleMs: 0 }).catch(async () => {
    const v = await pool.query('SELECT active_version FROM projections WHERE name = $1', [p.name]);
    return catchUp(pool, store, p, v.rows[0].active_version, { batchSize: 5000, settleMs: 0 });
  })));
  const seconds = (Date.now() - started) / 1000;
  const rate = sizes.catchUpEvents / seconds;
  line.done(`${Math.round(rate)} events/s`);
  return result(name, rate, 'events/s', { name: 'batched append rate', figure: appendRate, unit: 'events/s' }, { text: '≥ 20,000 events/s', minFigure: 20_000 }, {
    seconds,
  });
}

export async function rebuildScenario(store: EventStore, pool: pg.Pool, sizes: Sizes, appendRate: number): Promise<ScenarioResult> {
  const name = `full rebuild of every projection from ${sizes.rebuildEvents} events`;
  const line = progress(name);
  const have = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
  const missing = sizes.rebuildEvents - have;
  if (missing > 0) await Promise.all(Array.from({ length: 8 }, () => appendLedger(store, Math.ceil(missing / 8), 500)));
  const total = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
  line.update(`${total} events in the log; rebuilding ${projections.length} read models`);
  const started = Date.now();
  await Promise.all(projections.map((p) => rebuild(pool, store, p, { batchSize: 5000 })));
  const seconds = (Date.now() - started) / 1000;
  const rate = total / seconds;
  line.done(`${Math.round(rate)} events/s (${projections.length} read models in parallel, ${seconds.toFixed(1)} s)`);
  return result(name, rate, 'events/s', { name: 'batched append rate', figure: appendRate, unit: 'events/s' }, { text: '≥ 20,000 events/s', minFigure: 20_000 }, {
    seconds,
    events: total,
  });
}

/** Appends ~1,000 events/s and measures how long each takes to show in the ledger read model. */
export async function lagScenario(store: EventStore, databaseUrl: string, sizes: Sizes): Promise<ScenarioResult> {
  const name = 'projection lag while appending 1k events/s';
  const line = progress(name);
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query('LISTEN projection_progress');
  const pending: { pos: number; at: number }[] = [];
  const lags: number[] = [];
  listener.on('notification', (msg) => {
    const { name: projection, pos } = JSON.parse(msg.payload ?? '{}');
    if (projection !== 'ledger') return;
    const now = Date.now();
    while (pending.length && pending[0].pos <= pos) lags.push(now - pending.shift()!.at);
  });
  const orgId = await appendLedger(store, 1, 1);
  const until = Date.now() + sizes.seconds * 1000 * 1.5;
  let balance = 2;
  let sent = 0;
  while (Date.now() < until) {
    const tick = Date.now();
    // 10 appends of one event every 10 ms: 1,000 events a second.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        balance += 2;
        const appended = await store
          .append(`org-${orgId}`, [{ type: 'CreditsGranted', data: { orgId, amount: 2, kind: 'purchase', description: 'lag', key: null, balanceAfter: balance, at: new Date().toISOString() } }], { expected: 'any' })
          .catch(() => null);
        if (appended) pending.push({ pos: appended.position.pos, at: Date.now() });
      }),
    );
    pending.sort((a, b) => a.pos - b.pos);
    sent += 10;
    line.update(`${sent} events appended`);
    await new Promise((r) => setTimeout(r, Math.max(0, 10 - (Date.now() - tick))));
  }
  const waitUntil = Date.now() + 10_000;
  while (pending.length && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
  await listener.end();
  const p50 = percentile(lags, 50);
  const p99 = percentile(lags, 99);
  line.done(`p50 ${p50} ms, p99 ${p99} ms over ${lags.length} events`);
  return result(name, p99, 'ms p99', null, { maxFigure: 100, text: 'p99 < 100 ms (absolute)' }, { p50, p99, events: lags.length });
}

export function webEntrySize(distDir: string): ScenarioResult {
  const html = readFileSync(`${distDir}/index.html`, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const bytes = assets.reduce((sum, a) => sum + gzipSync(readFileSync(`${distDir}${a}`)).length, 0);
  const line = progress('web app entry (gzipped JS + CSS)');
  line.done(`${Math.round(bytes / 1024)} KB in ${assets.length} files`);
  return result('web app entry, gzipped JS + CSS', bytes / 1024, 'KB', null, { maxFigure: 200, text: '< 200 KB (absolute)' }, { files: assets.length });
}
