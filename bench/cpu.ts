// CPU time per process from /proc while a scenario runs, so that each gap names its cause.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process in clock ticks, or null once it is gone. */
function ticks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU milliseconds these processes have used so far (10 ms resolution). */
export const cpuMsOf = (pids: number[]): number => pids.reduce((sum, pid) => sum + (ticks(pid) ?? 0), 0) * (1000 / TICKS_PER_SECOND);

/** Every process named `name` (as /proc/<pid>/comm says). */
export function pidsNamed(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Cores used per group over a scenario: named pids, and every `postgres` process (backends come and go: sampled). */
export class CpuMeter {
  private readonly last = new Map<number, number>();
  private readonly used = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private started = 0;

  constructor(private readonly groups: Record<string, () => number[]>) {}

  private sample(): void {
    const all: [string, number[]][] = [...Object.entries(this.groups).map(([g, pids]): [string, number[]] => [g, pids()]), ['postgres', pidsNamed('postgres')]];
    for (const [group, pids] of all) {
      for (const pid of pids) {
        const now = ticks(pid);
        if (now === null) continue;
        const before = this.last.get(pid);
        this.last.set(pid, now);
        if (before !== undefined) this.used.set(group, (this.used.get(group) ?? 0) + (now - before));
      }
    }
  }

  start(): this {
    this.sample();
    this.used.clear();
    this.started = Date.now();
    this.timer = setInterval(() => this.sample(), 200);
    return this;
  }

  /** Cores (CPU seconds per second) each group used since start. */
  stop(): Record<string, number> {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const seconds = (Date.now() - this.started) / 1000;
    return Object.fromEntries([...this.used].map(([group, t]) => [group, Math.round((t / TICKS_PER_SECOND / seconds) * 100) / 100]));
  }
}
