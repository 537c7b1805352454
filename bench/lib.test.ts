import { describe, expect, it } from 'vitest';
import { markSlowCores, type ScenarioResult } from './lib.ts';
import { coreMs, SLOW_CORE } from './machine.ts';

const machine = (before: number, after: number) => ({ loadBefore: 0, loadAfter: 0, otherCores: 0, busiest: {}, coreMs: [before, after] });
const reference = (core: number) => ({ name: 'ref', figure: 100, unit: 'rows/s', runs: [100, 100], spread: 0, coreMs: core });
const scenario = (name: string, extra: Partial<ScenarioResult>): ScenarioResult => ({ scenario: name, figure: 1, unit: 'x', reference: null, ratio: null, target: '', met: null, ...extra });

describe("the bench's check of a core's speed (a virtual machine's host can slow it unseen)", () => {
  it('marks a figure measured while a core, or its reference, took more than SLOW_CORE times the run\'s fastest for the same loop', () => {
    const results = [
      scenario('steady', { machine: machine(80, 84), reference: reference(82) }),
      scenario('slow after', { machine: machine(80, 80 * SLOW_CORE + 1) }),
      scenario('slow reference', { machine: machine(81, 81), reference: reference(120), notComparable: 'its reference spread 25%' }),
      scenario('no machine', {}),
    ];
    expect(markSlowCores(results)).toEqual({ fastest: 80, slowest: 120 });
    expect(results.map((r) => r.notComparable ?? null)).toEqual([
      null,
      "a core ran at 79% of its fastest in this run (a fixed loop took 101 CPU-ms against 80): the machine's host gave it to other work",
      `its reference spread 25%; a core ran at 67% of its fastest in this run (a fixed loop took 120 CPU-ms against 80): the machine's host gave it to other work`,
      null,
    ]);
  });

  it('answers null for a run with no measure of the cores (a smoke run of the references alone)', () => {
    expect(markSlowCores([scenario('none', {})])).toBeNull();
  });

  it("times the loop in this process's CPU time", () => {
    const ms = coreMs();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThan(10_000);
  });
});
