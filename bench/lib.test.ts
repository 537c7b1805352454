import { describe, expect, it } from 'vitest';
import { markMovedReference, markSlowCores, type ScenarioResult } from './lib.ts';
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

describe("the bench's reference measured again at the run's end", () => {
  const against = (name: string, refName: string, figure: number) => scenario(name, { reference: { name: refName, figure, unit: 'req/s', runs: [figure, figure], spread: 0 } });

  it('marks every figure against a reference that moved more than 20% by the end, and keeps the end figure', () => {
    const results = [against('reads', 'SELECT 1 route', 9000), against('admin page', 'SELECT 1 route', 9000), against('appends', 'INSERT', 8000)];
    expect(markMovedReference(results, 'SELECT 1 route', 2700)).toBeCloseTo(-0.7);
    expect(results.map((r) => r.notComparable ?? null)).toEqual([
      "its reference moved -70% by the run's end (9000 → 2700 req/s)",
      "its reference moved -70% by the run's end (9000 → 2700 req/s)",
      null,
    ]);
    expect(results.map((r) => r.reference?.after ?? null)).toEqual([2700, 2700, null]);
  });

  it('leaves a figure whose reference stayed within 20% comparable, and adds a move to other reasons', () => {
    const steady = [against('appends', 'INSERT', 8000)];
    expect(markMovedReference(steady, 'INSERT', 9200)).toBeCloseTo(0.15);
    expect(steady[0].notComparable).toBeUndefined();
    const busy = [{ ...against('appends', 'INSERT', 8000), notComparable: 'its reference spread 25%' }];
    markMovedReference(busy, 'INSERT', 10_000);
    expect(busy[0].notComparable).toBe("its reference spread 25%; its reference moved +25% by the run's end (8000 → 10000 req/s)");
  });

  it('says when a checkpoint began while the reference was measured again', () => {
    const results = [against('debits', 'bare SQL debit', 4000)];
    markMovedReference(results, 'bare SQL debit', 2000, 1);
    expect(results[0].notComparable).toBe("its reference moved -50% by the run's end (4000 → 2000 req/s, a checkpoint beginning while it was measured again)");
    expect(results[0].reference?.afterCheckpoints).toBe(1);
  });

  it('answers null when no figure is against the reference', () => {
    expect(markMovedReference([against('appends', 'INSERT', 8000)], 'SELECT 1 route', 100)).toBeNull();
  });
});
