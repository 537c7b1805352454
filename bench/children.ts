// Child processes of the benchmark: started with tsx, watched (one that dies on its own ends the run),
// all stopped at the end; and the one-shot load scripts, run one after another in long-lived load hosts.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { nodeArgs, type Child } from '../tests/support/processes.ts';
import { WORKER_NODE_FLAGS } from '../workers/node-flags.ts';

const running: Child[] = [];
let stopping = false;

/** A long-running process of ours: if it exits on its own, the run ends with what it printed. */
export function watch<T extends Child>(child: T, name: string): T {
  running.push(child);
  let stopped = false;
  const kill = child.kill;
  child.kill = (signal) => {
    stopped = true;
    return kill(signal);
  };
  void child.exited.then((code) => {
    if (stopping || stopped) return;
    console.error(`\nbench: the ${name} process exited with ${code}:\n${child.output.join('')}`);
    void stopAll().finally(() => process.exit(1));
  });
  return child;
}

/** Stops every watched process (the product's) and forgets them; the load hosts stay for what is measured next. */
export async function stopWatched(): Promise<void> {
  await Promise.all(running.splice(0).map((c) => c.kill('SIGTERM')));
}

/** Stops the watched processes and the load hosts: the run's end. */
export async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all([stopWatched(), stopHosts()]);
}

/** Marks the load host's answer lines (bench/load-host.ts) among anything else a script prints. */
export const RESULT_MARK = '@@bench-result ';

interface Host {
  child: ChildProcess;
  /** The run it is doing, if any. */
  pending: { resolve: (value: unknown) => void; reject: (err: Error) => void; script: string } | null;
  stderr: string;
  exited: Promise<void>;
}

/**
 * Load hosts (bench/load-host.ts), each running one script at a time: node, tsx and autocannon start once
 * per host, not once per scenario (about a CPU-second each; 10-15 s each beside other test files). Two
 * scripts at once (the soak's) take two hosts.
 */
const hosts: Host[] = [];

function startHost(): Host {
  const child = spawn(process.execPath, nodeArgs('bench/load-host.ts'), { stdio: ['pipe', 'pipe', 'pipe'] });
  const host: Host = { child, pending: null, stderr: '', exited: new Promise((resolve) => child.once('exit', () => resolve())) };
  hosts.push(host);
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith(RESULT_MARK) || !host.pending) return;
    const { resolve, reject, script } = host.pending;
    host.pending = null;
    const answer = JSON.parse(line.slice(RESULT_MARK.length)) as { result?: unknown; error?: string };
    if (answer.error === undefined) resolve(answer.result);
    else reject(new Error(`${script} failed: ${answer.error}`));
  });
  child.stderr!.on('data', (d) => (host.stderr += d));
  child.once('exit', (code) => {
    hosts.splice(hosts.indexOf(host), 1);
    host.pending?.reject(new Error(`the load host running ${host.pending.script} exited with ${code}: ${host.stderr}`));
    host.pending = null;
  });
  return host;
}

/** Ends every load host (its standard input closed, it exits once its run is done). */
async function stopHosts(): Promise<void> {
  await Promise.all(
    hosts.map(async (h) => {
      h.child.stdin!.end();
      const timer = setTimeout(() => h.child.kill('SIGTERM'), 5000);
      await h.exited;
      clearTimeout(timer);
    }),
  );
}

/**
 * Runs a one-shot script (it reads its spec with `readSpec` and answers with `writeResult`) in a load
 * host, a process of its own, and answers its result. The spec goes on the host's standard input: a
 * thousand members' cookies exceed what one argument may hold. `onPid` is told the host's pid.
 */
export function runJson<T>(script: string, spec: unknown, onPid?: (pid: number) => void): Promise<T> {
  const host = hosts.find((h) => !h.pending && h.child.exitCode === null) ?? startHost();
  if (host.child.pid) onPid?.(host.child.pid);
  return new Promise<T>((resolve, reject) => {
    host.pending = { resolve: resolve as (value: unknown) => void, reject, script };
    host.child.stdin!.write(`${JSON.stringify({ script, spec })}\n`);
  });
}

/**
 * Runs a one-shot script in a fresh process of its own (not a load host, whose heap earlier scripts
 * have grown), as a worker starting is (with the workers' Node flags): answers its result. `onPid` is told its pid.
 */
export function runAlone<T>(script: string, spec: unknown, onPid?: (pid: number) => void): Promise<T> {
  const child = spawn(process.env.BENCH_ALONE_NODE || process.execPath, [...WORKER_NODE_FLAGS, ...nodeArgs(script)], { stdio: ['pipe', 'pipe', 'pipe'] });
  if (child.pid) onPid?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdin!.end(JSON.stringify(spec));
  return new Promise<T>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last) resolve(JSON.parse(last) as T);
      else reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
}

/** Set by the load host while it runs a script: the script's spec, then its result. */
let hosted: { spec: unknown; result?: unknown } | null = null;

/** Runs a script's module (`load` imports it afresh) with `spec` and answers what it passed to `writeResult`. */
export async function runHosted(spec: unknown, load: () => Promise<unknown>): Promise<unknown> {
  const run: { spec: unknown; result?: unknown } = { spec };
  hosted = run;
  try {
    await load();
  } finally {
    hosted = null;
  }
  if (!('result' in run)) throw new Error('it gave no result');
  return run.result;
}

/** The spec a one-shot script was given: by the load host, or (run alone) on its standard input. */
export const readSpec = <T>(): T => (hosted ? hosted.spec : JSON.parse(readFileSync(0, 'utf8'))) as T;

/** A one-shot script's result: to the load host, or (run alone) as one JSON line on its standard output. */
export function writeResult(result: unknown): void {
  if (hosted) hosted.result = result;
  else process.stdout.write(`${JSON.stringify(result)}\n`);
}
