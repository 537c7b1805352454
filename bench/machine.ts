// Whether the machine was quiet while a scenario ran: a ratio measured beside other work is not one.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICKS_PER_SECOND = 100;
/** Other work using more than this many cores, or a reference whose repeats spread more, makes a figure not comparable. */
export const BUSY_CORES = 0.25;
export const MAX_SPREAD = 0.2;
/** A core that took this many times its fastest CPU time in the run for the same loop makes a figure measured then not comparable. */
export const SLOW_CORE = 1.25;

export interface MachineState {
  /** 1-minute load average when the scenario started, and when it ended. */
  loadBefore: number;
  loadAfter: number;
  /** Cores used by processes that are neither this run's (the bench and its children) nor Postgres. */
  otherCores: number;
  /** The busiest of those other processes, with the cores each used. */
  busiest: Record<string, number>;
  /** How fast a core was when the scenario started and when it ended (coreMs). */
  coreMs: number[];
  /** Postgres checkpoints that began while it ran (bench/checkpoints.ts; it starts after one). */
  checkpoints?: number;
}

/** A fixed loop, as coreMs runs it; its result goes here so that the loop is not optimized away. */
let sink = 0;
const LOOP = 5_000_000;

/**
 * How fast one of the machine's cores is now: the CPU time, in ms, this process spends on a fixed loop
 * (the median of three). CPU time, not wall time: the run's own processes taking the core make the
 * loop wait, not cost more (seen: a wall time of 84–160 ms beside a test run, and CPU times of 78–96),
 * while a virtual machine whose host gives its core to other guests, and reports no steal time, makes
 * the loop cost more, and nothing else the guest can read shows it (seen on the machine of the session
 * of 2026-11-30 14:11: a loop like it took 137–255 ms of wall time within a minute on an idle machine).
 */
export function coreMs(): number {
  // The first runs in a process are slower while V8 compiles the loop (24–28 ms against 19 here): not timed.
  if (!warm) for (let r = 0; r < 6; r++) loop();
  warm = true;
  const times: number[] = [];
  for (let r = 0; r < 3; r++) {
    const start = process.cpuUsage();
    loop();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return Math.round(times.sort((a, b) => a - b)[1] * 10) / 10;
}

let warm = false;

function loop(): void {
  let x = sink;
  for (let i = 0; i < LOOP; i++) x = (x + i * 7) % 1_000_003;
  sink = x;
}

/**
 * Why a figure measured while a core took `slowest` ms for the loop cannot be compared, when the run's
 * fastest took `fastest`: its host slowed the machine down meanwhile, or null.
 */
export function slowCore(slowest: number, fastest: number): string | null {
  if (!(fastest > 0) || slowest <= SLOW_CORE * fastest) return null;
  return `a core ran at ${Math.round((fastest / slowest) * 100)}% of its fastest in this run (a fixed loop took ${slowest} CPU-ms against ${fastest}): the machine's host gave it to other work`;
}

/** The parent of a process, or null once it is gone. */
export function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** CPU ticks of every process outside this run and Postgres, by pid, with its name. */
function otherProcesses(): Map<number, { name: string; ticks: number }> {
  const ours = new Set<number>([process.pid]);
  const out = new Map<number, { name: string; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name === 'postgres') continue;
      // Ours when an ancestor is this process (API, workers, load generators, pgbench).
      let p: number | null = pid;
      let mine = false;
      for (let hops = 0; p && p > 1 && hops < 20; hops++) {
        if (ours.has(p)) {
          mine = true;
          break;
        }
        p = parentOf(p);
      }
      if (mine) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Starts watching; `stop()` says what else the machine did meanwhile. */
export function watchMachine(): { stop(): MachineState } {
  const coreBefore = coreMs();
  const started = Date.now();
  const loadBefore = loadavg()[0];
  const before = otherProcesses();
  return {
    stop() {
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      const byName = new Map<string, number>();
      for (const [pid, now] of otherProcesses()) {
        const used = (now.ticks - (before.get(pid)?.ticks ?? now.ticks)) / TICKS_PER_SECOND / seconds;
        if (used > 0) byName.set(now.name, (byName.get(now.name) ?? 0) + used);
      }
      const otherCores = [...byName.values()].reduce((a, b) => a + b, 0);
      const busiest = Object.fromEntries([...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, c]) => [n, Math.round(c * 100) / 100]));
      return {
        loadBefore: Math.round(loadBefore * 100) / 100,
        loadAfter: Math.round(loadavg()[0] * 100) / 100,
        otherCores: Math.round(otherCores * 100) / 100,
        busiest,
        coreMs: [coreBefore, coreMs()],
      };
    },
  };
}

/** Why a figure cannot be compared with another run's (other work on the machine, a reference that drifted), or null. */
export function notComparable(machine: MachineState | undefined, referenceSpread: number | undefined): string | null {
  const reasons: string[] = [];
  if (machine && machine.otherCores > BUSY_CORES) {
    reasons.push(`other work used ${machine.otherCores} cores (${Object.entries(machine.busiest).map(([n, c]) => `${n} ${c}`).join(', ')})`);
  }
  if (referenceSpread !== undefined && referenceSpread > MAX_SPREAD) reasons.push(`its reference spread ${Math.round(referenceSpread * 100)}%`);
  return reasons.length ? reasons.join('; ') : null;
}

export const coreCount = () => cpus().length;
