// Whether the machine was quiet while a scenario ran: a ratio measured beside other work is not one.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const TICKS_PER_SECOND = 100;
/** Other work using more than this many cores, or a reference whose repeats spread more, makes a figure not comparable. */
export const BUSY_CORES = 0.25;
export const MAX_SPREAD = 0.2;

export interface MachineState {
  /** 1-minute load average when the scenario started, and when it ended. */
  loadBefore: number;
  loadAfter: number;
  /** Cores used by processes that are neither this run's (the bench and its children) nor Postgres. */
  otherCores: number;
  /** The busiest of those other processes, with the cores each used. */
  busiest: Record<string, number>;
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
      return { loadBefore: Math.round(loadBefore * 100) / 100, loadAfter: Math.round(loadavg()[0] * 100) / 100, otherCores: Math.round(otherCores * 100) / 100, busiest };
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
