import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from './lib.ts';

let child: ChildProcess | null = null;

// A run that outlasts the test is stopped (SIGINT: it stops the API, worker and load processes it started);
// left alone it ran on after vitest had exited, its processes orphaned.
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGINT');
});

describe('npm run bench, in smoke mode', () => {
  it('runs every scenario, writes the results file, and never overdraws the hot organization', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'results.json');
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      // bench/run.ts reads the project's files (the built web app, the proxy's template) beside it, so it
      // runs from the sources; the processes it starts run from the transpiled tree (nodeArgs).
      const run = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke'], {
        env: { ...process.env, BENCH_RESULTS: file },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = run;
      run.stdout.on('data', (d) => output.push(String(d)));
      run.stderr.on('data', (d) => output.push(String(d)));
      run.on('exit', resolve);
    });
    expect(code, output.join('')).toBe(0);
    const { mode, results, coreMs } = JSON.parse(readFileSync(file, 'utf8')) as { mode: string; results: ScenarioResult[]; coreMs: { fastest: number; slowest: number } };
    expect(mode).toBe('smoke');
    // A core's speed, timed before each reference and around each scenario (bench/machine.ts coreMs).
    expect(coreMs.fastest).toBeGreaterThan(0);
    expect(coreMs.slowest).toBeGreaterThanOrEqual(coreMs.fastest);
    expect(results).toHaveLength(19);
    for (const r of results) {
      expect(r).toEqual(
        expect.objectContaining({ scenario: expect.any(String), figure: expect.any(Number), unit: expect.any(String), target: expect.any(String) }),
      );
      expect(Number.isFinite(r.figure), r.scenario).toBe(true);
      if (r.reference) expect(r.ratio).toBeCloseTo(r.figure / r.reference.figure, 1);
    }
    // Round trips per Stripe event are a count, the same in any run: within issue 26's targets.
    const trips = results.filter((r) => r.scenario.startsWith('round trips per Stripe event'));
    expect(trips.map((r) => [r.scenario, r.met])).toEqual([
      ['round trips per Stripe event: pack purchase', true],
      ["round trips per Stripe event: subscription's start", true],
    ]);
    // Each scenario counts the checkpoints that began while it ran; the latency ones start after one (bench/checkpoints.ts).
    for (const r of results.filter((x) => x.machine)) expect(Number.isInteger(r.machine!.checkpoints), r.scenario).toBe(true);
    // The webhook's answer (the API's part) is a part of the time until the credits show.
    const webhook = results.find((r) => r.scenario.startsWith('signed Stripe webhook'))!;
    expect(webhook.details!.answerP50).toBeGreaterThan(0);
    expect(webhook.details!.answerP50).toBeLessThanOrEqual(webhook.details!.p50);
    const hot = results.find((r) => r.scenario.includes('one hot org'))!;
    expect(hot.details!.overdrafts).toBe(0);
    // Metered usage: every repeated id answered as a duplicate, every fresh one accepted.
    const usage = results.find((r) => r.scenario.startsWith('usage ingestion: events answered wrongly'))!;
    expect(usage.figure, JSON.stringify(usage.details)).toBe(0);
    expect(usage.details!.repeatsSent).toBeGreaterThan(0);
    // Each product scenario names its costs: the CPU of each process, and the API's statements per request
    // (the hot organization's debits share statements: up to 50 in one append, so at least 0.02 each).
    const proxied = (r: ScenarioResult) => r.scenario.includes('behind the proxy');
    for (const r of results.filter((x) => (x.scenario.startsWith('credit debit') || x.scenario.startsWith('reads:')) && !proxied(x))) {
      expect(Object.keys(r.cpu ?? {}).sort(), r.scenario).toEqual(['api', 'load', 'postgres', 'postgres:api', 'postgres:worker', 'worker']);
      // Postgres's CPU split by whom its backends serve: a part of the whole, and the API's debits cost it something.
      const cpu = r.cpu!;
      expect(cpu['postgres:api'] + cpu['postgres:worker'], r.scenario).toBeLessThanOrEqual(cpu.postgres + 0.02);
      if (r.scenario.startsWith('credit debit')) expect(cpu['postgres:api'], r.scenario).toBeGreaterThan(0);
      expect(r.statementsPerRequest, r.scenario).toBeGreaterThan(0);
      expect(r.reference?.runs.length, r.scenario).toBe(2);
      expect(r.reference?.coreMs, r.scenario).toBeGreaterThan(0);
      expect(r.machine?.coreMs, r.scenario).toHaveLength(2);
    }
    // Two API processes behind the proxy, against the one-process debits of the same run, with the proxy's CPU and the clashes.
    const two = results.find(proxied)!;
    const one = results.find((r) => r.scenario.startsWith('credit debit, POST /api/usage'))!;
    expect(two.reference?.figure).toBeCloseTo(one.figure, 0);
    expect(Object.keys(two.cpu ?? {}).sort()).toEqual(['api', 'load', 'postgres', 'postgres:api', 'postgres:worker', 'proxy', 'worker']);
    expect(two.details!.retriesPerDebit).toBeGreaterThanOrEqual(0);
    expect(output.join('')).toMatch(/scenario\s+\|\s+figure/);
    // Longer than the run's own deadline (10 minutes, bench/run.ts), so that a run too slow says where it was: a
    // smoke run beside other test files under load 14–27 took 405 s on its own, and outlasted 480 s in the suite.
  }, 660_000);
});
