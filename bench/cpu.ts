// CPU time per process from /proc while a scenario runs, so that each gap names its cause.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

/** The client's port of a Postgres backend, from its process title (`postgres: 15/main: root db 127.0.0.1(54321) idle`); null for a local socket or another process. */
function clientPort(pid: number): number | null {
  try {
    const m = /\((\d+)\)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The local ports of these processes' TCP sockets: their descriptors' socket inodes, found in /proc/net/tcp and tcp6. */
function localPorts(pids: number[]): Set<number> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone
    }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith('socket:[')) inodes.add(link.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/); // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (f.length > 9 && inodes.has(f[9])) ports.add(parseInt(f[1].split(':')[1], 16));
    }
  }
  return ports;
}

/**
 * Cores used per group over a scenario: named pids, and every `postgres` process (backends come and go:
 * sampled). Postgres's part is also split by whom a backend serves (`postgres:api`, `postgres:worker`
 * for the groups named in `postgresFor`): a backend's title names its client's port, and the group
 * whose process has a socket on that port is its client. A debit's Postgres cost is then the API's
 * append apart from the worker's read models of it.
 */
export class CpuMeter {
  private readonly last = new Map<number, number>();
  private readonly used = new Map<string, number>();
  /** Each backend seen, and the group it serves (null: none of postgresFor's, e.g. pgbench or the bench's own pool). */
  private readonly serves = new Map<number, string | null>();
  private timer: NodeJS.Timeout | null = null;
  private started = 0;

  constructor(
    private readonly groups: Record<string, () => number[]>,
    private readonly postgresFor: string[] = [],
  ) {}

  private sample(): void {
    const all: [string, number[]][] = [...Object.entries(this.groups).map(([g, pids]): [string, number[]] => [g, pids()]), ['postgres', pidsNamed('postgres')]];
    const pidsOf = new Map(all);
    this.learnClients(pidsOf.get('postgres') ?? [], pidsOf);
    for (const [group, pids] of all) {
      for (const pid of pids) {
        const now = ticks(pid);
        if (now === null) continue;
        const before = this.last.get(pid);
        this.last.set(pid, now);
        if (before === undefined) continue;
        this.used.set(group, (this.used.get(group) ?? 0) + (now - before));
        const client = group === 'postgres' ? this.serves.get(pid) : null;
        if (client) this.used.set(`postgres:${client}`, (this.used.get(`postgres:${client}`) ?? 0) + (now - before));
      }
    }
  }

  /** Finds whom the backends not seen before serve (the clients' sockets are read only when there is one). */
  private learnClients(backends: number[], pidsOf: Map<string, number[]>): void {
    const fresh = backends.filter((pid) => !this.serves.has(pid));
    if (fresh.length === 0 || this.postgresFor.length === 0) return;
    const portsOf = this.postgresFor.map((group): [string, Set<number>] => [group, localPorts(pidsOf.get(group) ?? [])]);
    for (const pid of fresh) {
      const port = clientPort(pid);
      this.serves.set(pid, port === null ? null : (portsOf.find(([, ports]) => ports.has(port))?.[0] ?? null));
    }
  }

  start(): this {
    this.sample();
    this.used.clear();
    this.started = Date.now();
    this.timer = setInterval(() => this.sample(), 200);
    return this;
  }

  /** Cores (CPU seconds per second) each group used since start: the groups, then Postgres, then Postgres's part for each of postgresFor. */
  stop(): Record<string, number> {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const seconds = (Date.now() - this.started) / 1000;
    const names = [...Object.keys(this.groups), 'postgres', ...this.postgresFor.map((group) => `postgres:${group}`)];
    return Object.fromEntries(names.filter((name) => this.used.has(name) || name.startsWith('postgres')).map((name) => [name, Math.round(((this.used.get(name) ?? 0) / TICKS_PER_SECOND / seconds) * 100) / 100]));
  }
}
