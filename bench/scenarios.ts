import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { wakeOnAppend } from '../projections/waker.ts';
import { PROGRESS_CHANNEL, positionPassed, readProgressNotice } from '../projections/projector.ts';
import { projections } from '../projections/registry.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import type { LogPosition } from '../services/eventstore/types.ts';
import { appendLedger } from '../tests/support/events.ts';
import { runAlone, runJson } from './children.ts';
import { CpuMeter } from './cpu.ts';
import { percentile, progress, result, type ScenarioResult } from './lib.ts';
import type { Reference } from './pgbench.ts';

export interface Sizes {
  seconds: number;
  orgs: number;
  catchUpEvents: number;
  rebuildEvents: number;
  webhooks: number;
}

export const FULL: Sizes = { seconds: 8, orgs: 1000, catchUpEvents: 100_000, rebuildEvents: 200_000, webhooks: 200 };
export const SMOKE: Sizes = { seconds: 1, orgs: 20, catchUpEvents: 2_000, rebuildEvents: 3_000, webhooks: 3 };

/** The event store's append from a separate process (8 clients), against pgbench's bare INSERT of the same rows. */
export async function appendScenarios(databaseUrl: string, sizes: Sizes, refs: { insert1: Reference | null; insert10: Reference | null }): Promise<ScenarioResult[]> {
  const out: ScenarioResult[] = [];
  for (const batch of [1, 10]) {
    const name = batch === 1 ? 'event store append, 1 event/tx, 8 clients' : 'event store append, batches of 10, 8 clients';
    const line = progress(name);
    const meter = new CpuMeter({});
    let loadPid = 0;
    meter.start();
    const r = await runJson<{ rate: number; statementsPerAppend: number; cpu: number }>('bench/append-load.ts', { databaseUrl, seconds: sizes.seconds, clients: 8, batch }, (pid) => (loadPid = pid));
    const cpu = { ...meter.stop(), load: r.cpu };
    const reference = batch === 1 ? refs.insert1 : refs.insert10;
    line.done(`${Math.round(r.rate)} events/s${reference ? ` vs bare INSERT ${Math.round(reference.figure)} rows/s` : ''} (load pid ${loadPid})`);
    out.push(result(name, r.rate, 'events/s', reference, { min: 0.6, text: '≥ 0.6' }, undefined, { cpu, statementsPerRequest: r.statementsPerAppend }));
  }
  return out;
}

/**
 * A worker's start after others appended: the backlog caught up in a fresh process of its own
 * (bench/catch-up-load.ts), as the worker's live catch-up does it. CPU in cores over the catch-up's
 * time: its process, and Postgres's backends serving it.
 */
export async function catchUpScenario(store: EventStore, databaseUrl: string, poolMax: number, sizes: Sizes): Promise<ScenarioResult> {
  const name = `projection catch-up after ${sizes.catchUpEvents} appended events`;
  const line = progress(name);
  const streams = 8;
  await Promise.all(Array.from({ length: streams }, () => appendLedger(store, Math.ceil(sizes.catchUpEvents / streams), 500)));
  line.update('appended; catching up in a process of its own');
  const { r, postgresSeconds, cpu } = await measuredAlone('bench/catch-up-load.ts', { databaseUrl, poolMax }, 'catch-up');
  const rate = sizes.catchUpEvents / r.seconds;
  line.done(`${Math.round(rate)} events/s (${r.seconds.toFixed(1)} s; CPU-seconds: the process ${r.cpuSeconds.toFixed(1)}, Postgres for it ${postgresSeconds.toFixed(1)})`);
  return result(name, rate, 'events/s', null, { text: '≥ 40,000 events/s (absolute)', minFigure: 40_000 }, { seconds: r.seconds }, { cpu });
}

/**
 * Runs a load script in a process of its own (runAlone) and answers what it wrote (its seconds and CPU-
 * seconds), Postgres's CPU-seconds for its backends meanwhile, and both in cores over the script's time
 * (`cpu`, the process under `label`).
 */
async function measuredAlone(script: string, spec: object, label: string): Promise<{ r: { seconds: number; cpuSeconds: number }; postgresSeconds: number; cpu: Record<string, number> }> {
  let pid = 0;
  const meter = new CpuMeter({ [label]: () => (pid ? [pid] : []) }, [label]).start();
  const metered = performance.now();
  const r = await runAlone<{ seconds: number; cpuSeconds: number }>(script, spec, (p) => (pid = p));
  const postgresSeconds = (meter.stop()[`postgres:${label}`] ?? 0) * ((performance.now() - metered) / 1000);
  const cores = (cpuSeconds: number) => Math.round((cpuSeconds / r.seconds) * 100) / 100;
  return { r, postgresSeconds, cpu: { [label]: cores(r.cpuSeconds), postgres: cores(postgresSeconds) } };
}

/**
 * Every read model rebuilt from the whole log in a process of its own (bench/rebuild-load.ts, as the
 * worker's rebuild job does it), against pgbench writing the rows a rebuild writes for the same
 * events; CPU in cores over the rebuild's time, its process and Postgres's backends serving it. The
 * rate counts the events some read model reads: the append scenarios' events (a type no read model
 * reads) are passed over by the log's read, and counted they made a full run's figure up to 2.7 times
 * what the rebuild does for its events.
 */
export async function rebuildScenario(store: EventStore, pool: pg.Pool, databaseUrl: string, poolMax: number, sizes: Sizes, reference: Reference | null): Promise<ScenarioResult> {
  const name = `full rebuild of every projection from ${sizes.rebuildEvents} events`;
  const line = progress(name);
  const read = [...new Set(projections.flatMap((p) => p.handles))];
  const count = async () => Number((await pool.query('SELECT count(*) AS n FROM events WHERE type = ANY($1::text[])', [read])).rows[0].n);
  const missing = sizes.rebuildEvents - (await count());
  if (missing > 0) await Promise.all(Array.from({ length: 8 }, () => appendLedger(store, Math.ceil(missing / 8), 500)));
  const events = await count();
  const inLog = Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
  line.update(`${events} events to read (${inLog} in the log); rebuilding ${projections.length} read models in a process of its own`);
  const { r, postgresSeconds, cpu } = await measuredAlone('bench/rebuild-load.ts', { databaseUrl, poolMax }, 'rebuild');
  const rate = events / r.seconds;
  line.done(
    `${Math.round(rate)} events/s (${projections.length} read models, ${r.seconds.toFixed(1)} s; CPU-seconds: the process ${r.cpuSeconds.toFixed(1)}, Postgres for it ${postgresSeconds.toFixed(1)})${reference ? `, ${Math.round((rate / reference.figure) * 100)}% of pgbench writing their rows (${Math.round(reference.figure)} events/s)` : ''}`,
  );
  return result(name, rate, 'events/s', reference, { text: '≥ 60,000 events/s (absolute)', minFigure: 60_000 }, { seconds: r.seconds, events, eventsInLog: inLog }, { cpu });
}

/** How long the lag scenario appends before it measures: a fresh worker's first seconds. */
const LAG_WARM_UP_MS = 2000;

/** Appends ~1,000 events/s and measures how long each takes to show in the ledger read model (after a warm-up, reported apart). */
export async function lagScenario(store: EventStore, databaseUrl: string, sizes: Sizes): Promise<ScenarioResult> {
  const name = 'projection lag while appending 1k events/s';
  const line = progress(name);
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  await listener.query(`LISTEN ${PROGRESS_CHANNEL}`);
  // An event's lag: from its append's answer to the first notice of the ledger at or past its log
  // position (transaction, then position, as read-your-writes compares them). Every waiting event a
  // notice covers is taken, in whatever order the appends answered (ten are in flight at once), and an
  // event whose notice came before its append's answer has a lag of 0: the read model had it when its
  // writer heard of it.
  let pending: { position: LogPosition; at: number; measured: boolean }[] = [];
  let notified: LogPosition = { xid: '0', pos: 0 };
  const lags: number[] = [];
  const warmUpLags: number[] = [];
  const record = (at: number, measured: boolean, now: number) => (measured ? lags : warmUpLags).push(Math.max(0, now - at));
  listener.on('notification', (msg) => {
    const notice = readProgressNotice(msg.payload);
    if (!notice || !('ledger' in notice.versions)) return;
    if (positionPassed(notified, notice)) return;
    notified = { xid: notice.xid, pos: notice.pos };
    const now = Date.now();
    for (const p of pending) if (positionPassed(notified, p.position)) record(p.at, p.measured, now);
    pending = pending.filter((p) => !positionPassed(notified, p.position));
  });
  // Appended as the product's processes append: each commit announced to the worker (projections/waker.ts).
  const waker = wakeOnAppend(store, databaseUrl, () => {});
  const orgId = await appendLedger(store, 1, 1);
  // The worker started just before this scenario: its first seconds (code not yet optimized by V8, the
  // pool's connections opening) are reported apart, as the warm-up, and the target is judged after it.
  const warmUntil = Date.now() + LAG_WARM_UP_MS;
  const until = warmUntil + sizes.seconds * 1000 * 1.5;
  let balance = 2;
  let sent = 0;
  while (Date.now() < until) {
    const tick = Date.now();
    // 10 appends of one event every 10 ms: 1,000 events a second.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        balance += 2;
        const appended = await store
          .append(`org-${orgId}`, [{ type: 'CreditsGranted', data: { orgId, lotId: randomUUID(), amount: 2, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'lag', key: null, balanceAfter: balance, at: new Date().toISOString() } }], { expected: 'any' })
          .catch(() => null);
        if (!appended) return;
        const entry = { position: appended.position, at: Date.now(), measured: tick >= warmUntil };
        if (positionPassed(notified, entry.position)) record(entry.at, entry.measured, entry.at);
        else pending.push(entry);
      }),
    );
    sent += 10;
    line.update(`${sent} events appended`);
    await new Promise((r) => setTimeout(r, Math.max(0, 10 - (Date.now() - tick))));
  }
  const waitUntil = Date.now() + 10_000;
  while (pending.length && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
  await listener.end();
  await waker.close();
  const p50 = percentile(lags, 50);
  const p99 = percentile(lags, 99);
  const warmUp = { events: warmUpLags.length, p50: percentile(warmUpLags, 50), p99: percentile(warmUpLags, 99), max: Math.max(0, ...warmUpLags) };
  line.done(`p50 ${p50} ms, p99 ${p99} ms over ${lags.length} events (the worker's first ${LAG_WARM_UP_MS / 1000} s: p99 ${warmUp.p99} ms, max ${warmUp.max} ms)`);
  return result(name, p99, 'ms p99', null, { below: 25, text: 'p99 < 25 ms (absolute)' }, { p50, p99, events: lags.length, warmUpP50: warmUp.p50, warmUpP99: warmUp.p99, warmUpMax: warmUp.max, warmUpEvents: warmUp.events });
}

export function webEntrySize(distDir: string): ScenarioResult {
  const html = readFileSync(`${distDir}/index.html`, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const bytes = assets.reduce((sum, a) => sum + gzipSync(readFileSync(`${distDir}${a}`)).length, 0);
  const line = progress('web app entry (gzipped JS + CSS)');
  line.done(`${Math.round(bytes / 1024)} KB in ${assets.length} files`);
  return result('web app entry, gzipped JS + CSS', bytes / 1024, 'KB', null, { below: 200, text: '< 200 KB (absolute)' }, { files: assets.length });
}
