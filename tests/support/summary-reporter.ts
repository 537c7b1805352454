import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the timing table lists (TEST_TIMINGS=all lists every file). */
const TABLE_ROWS = process.env.TEST_TIMINGS === 'all' ? Infinity : 20;

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);

/**
 * Ends the run with a table of where the time went (the slowest files: importing them, then their tests
 * and hooks) and the plain 'N passed, N failed' line that CI reads.
 */
export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const rows: { file: string; total: number; importMs: number; run: number; tests: number }[] = [];
    for (const mod of modules) {
      let tests = 0;
      for (const test of mod.children.allTests()) {
        tests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      const d = mod.diagnostic();
      const importMs = d.collectDuration + d.setupDuration + d.prepareDuration + d.environmentSetupDuration;
      rows.push({ file: relative(process.cwd(), mod.moduleId), total: importMs + d.duration, importMs, run: d.duration, tests });
    }
    rows.sort((a, b) => b.total - a.total);
    const width = Math.max(4, ...rows.slice(0, TABLE_ROWS).map((r) => r.file.length));
    const sum = rows.reduce((s, r) => s + r.total, 0);
    const lines = [
      '',
      `Slowest test files (of ${rows.length}; seconds; the sum over files is ${seconds(sum).trim()} s, the run took ${seconds(Date.now() - this.startedAt).trim()} s):`,
      `${'file'.padEnd(width)}  ${'total'.padStart(6)}  ${'import'.padStart(6)}  ${'tests'.padStart(6)}  count`,
      ...rows
        .slice(0, TABLE_ROWS)
        .map((r) => `${r.file.padEnd(width)}  ${seconds(r.total)}  ${seconds(r.importMs)}  ${seconds(r.run)}  ${String(r.tests).padStart(5)}`),
    ];
    console.log(lines.join('\n'));
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
