import { MAX_SPREAD, notComparable, slowCore, type MachineState } from './machine.ts';
import type { Reference } from './pgbench.ts';

export interface ScenarioResult {
  scenario: string;
  figure: number;
  unit: string;
  /** Extra figures of the same scenario (p50, p99, retries...). */
  details?: Record<string, number>;
  /** Cores each process used while the scenario ran (api, worker, postgres, load). */
  cpu?: Record<string, number>;
  /** Statements the API sent to Postgres per request (its round trips). */
  statementsPerRequest?: number;
  /** Measured in the same run, the way the figure is; `spread` is (max − min) / mean over its repeats. */
  reference: Reference | null;
  /** figure / reference.figure, or null when the scenario has no reference. */
  ratio: number | null;
  target: string;
  met: boolean | null;
  /** What else the machine did while it ran (bench/machine.ts). */
  machine?: MachineState;
  /** Why this figure cannot be compared with another run's, when it cannot (a busy machine, a drifting reference). */
  notComparable?: string;
}

/** Adds what the machine did meanwhile to results, and says which of them cannot be compared. */
export function withMachine(results: ScenarioResult[], machine: MachineState): ScenarioResult[] {
  return results.map((r) => {
    const why = notComparable(machine, r.reference?.spread);
    return { ...r, machine, ...(why ? { notComparable: why } : {}) };
  });
}

/**
 * The cores' speed over the run: its fastest and slowest loop (machine.ts coreMs), and each figure
 * measured while a core was slow, or whose reference was, marked not comparable (its ratio compares
 * two speeds of the machine).
 */
export function markSlowCores(results: ScenarioResult[]): { fastest: number; slowest: number } | null {
  const own = (r: ScenarioResult) => [...(r.machine?.coreMs ?? []), ...(r.reference?.coreMs === undefined ? [] : [r.reference.coreMs])];
  const all = results.flatMap(own);
  if (all.length === 0) return null;
  const fastest = Math.min(...all);
  for (const r of results) {
    const samples = own(r);
    const why = samples.length ? slowCore(Math.max(...samples), fastest) : null;
    if (why) r.notComparable = r.notComparable ? `${r.notComparable}; ${why}` : why;
  }
  return { fastest, slowest: Math.max(...all) };
}

/**
 * A reference measured once more at the run's end: each figure against it keeps that figure
 * (`reference.after`) and is marked not comparable when the reference moved more than MAX_SPREAD from
 * its measure at the start (the machine's speed changed between the reference and the scenario, so
 * their ratio compares two machines). Answers how far it moved (a fraction, signed), or null when no
 * figure is against it. `checkpoints`: how many checkpoints began while it was measured again (the
 * references that commit once per transaction are the ones a checkpoint slows).
 */
export function markMovedReference(results: ScenarioResult[], name: string, after: number, checkpoints = 0): number | null {
  let moved: number | null = null;
  for (const r of results) {
    if (r.reference?.name !== name || !(r.reference.figure > 0)) continue;
    r.reference.after = round(after);
    if (checkpoints) r.reference.afterCheckpoints = checkpoints;
    moved = (after - r.reference.figure) / r.reference.figure;
    if (Math.abs(moved) <= MAX_SPREAD) continue;
    const during = checkpoints ? `, a checkpoint beginning while it was measured again` : '';
    const why = `its reference moved ${moved > 0 ? '+' : ''}${Math.round(moved * 100)}% by the run's end (${Math.round(r.reference.figure)} → ${Math.round(after)} ${r.reference.unit}${during})`;
    r.notComparable = r.notComparable ? `${r.notComparable}; ${why}` : why;
  }
  return moved;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One line per scenario that rewrites itself while the scenario runs. */
export function progress(name: string) {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  let lastPrinted = 0;
  const write = (text: string, done = false) => {
    const line = `  ${done ? '✔' : '…'} ${name.padEnd(58)} ${text}`;
    if (tty) process.stdout.write(`\r\x1b[2K${line}${done ? '\n' : ''}`);
    else if (done || Date.now() - lastPrinted > 5000) {
      // Without a terminal to redraw, a progress line every five seconds.
      process.stdout.write(`${line}\n`);
      lastPrinted = Date.now();
    }
  };
  write('starting');
  return {
    update: (text: string) => write(`${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`),
    done: (text: string) => write(`${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`, true),
  };
}

/** Runs `worker` on `clients` loops until `ms` have passed; answers the operations counted. */
export async function runFor(ms: number, clients: number, worker: (client: number) => Promise<number>, onTick?: (ops: number) => void) {
  const until = Date.now() + ms;
  let ops = 0;
  const ticker = setInterval(() => onTick?.(ops), 500);
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (Date.now() < until) ops += await worker(c);
    }),
  );
  clearInterval(ticker);
  return { ops, seconds: ms / 1000 };
}

export function result(
  scenario: string,
  figure: number,
  unit: string,
  reference: ScenarioResult['reference'],
  target: { min?: number; minFigure?: number; maxFigure?: number; below?: number; text: string },
  details?: Record<string, number>,
  costs: Pick<ScenarioResult, 'cpu' | 'statementsPerRequest'> = {},
): ScenarioResult {
  const ratio = reference && reference.figure > 0 ? round(figure / reference.figure, 3) : null;
  let met: boolean | null = null;
  if (target.min !== undefined && ratio !== null) met = ratio >= target.min;
  if (target.min !== undefined && reference === null) met = figure >= target.min;
  if (target.minFigure !== undefined) met = figure >= target.minFigure;
  if (target.maxFigure !== undefined) met = figure <= target.maxFigure;
  // A target written '< x' is met only strictly below it (a p99 of exactly 20 ms misses '< 20 ms').
  if (target.below !== undefined) met = figure < target.below;
  const ref = reference && { ...reference, figure: round(reference.figure), runs: reference.runs.map((r) => round(r)), spread: round(reference.spread, 3) };
  const statementsPerRequest = costs.statementsPerRequest === undefined ? undefined : round(costs.statementsPerRequest, 2);
  return { scenario, figure: round(figure), unit, details, cpu: costs.cpu, statementsPerRequest, reference: ref, ratio, target: target.text, met };
}

export function printTable(results: ScenarioResult[]): void {
  const rows = results.map((r) => [
    r.scenario,
    `${r.figure} ${r.unit}`,
    r.reference
      ? `${round(r.reference.figure)} ${r.reference.unit} ±${Math.round(r.reference.spread * 100)}%${r.reference.after === undefined ? '' : `, ${round(r.reference.after)} at the end`} (${r.reference.name})`
      : 'none (absolute)',
    r.ratio === null ? '—' : String(r.ratio),
    r.target,
    `${r.met === null ? '—' : r.met ? 'yes' : 'NO'}${r.notComparable ? ' (not comparable)' : ''}`,
    Object.entries(r.cpu ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(' · '),
    r.statementsPerRequest === undefined ? '' : String(r.statementsPerRequest),
    Object.entries({ ...r.details, ...(r.machine?.checkpoints ? { checkpoints: r.machine.checkpoints } : {}) })
      .map(([k, v]) => `${k}=${round(v)}`)
      .join(' '),
  ]);
  const header = ['scenario', 'figure', 'reference (spread)', 'ratio', 'target', 'met', 'CPU cores', 'stmts/req', 'details'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
  for (const r of rows) console.log(line(r));
  const doubtful = results.filter((r) => r.notComparable);
  if (doubtful.length) {
    console.log(`\n${doubtful.length} figure(s) not comparable with another run's:`);
    for (const r of doubtful) console.log(`  ${r.scenario}: ${r.notComparable}`);
  }
}
