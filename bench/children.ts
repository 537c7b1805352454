// Child processes of the benchmark: started with tsx, watched (one that dies on its own ends the run),
// all stopped at the end; and one-shot children that print a JSON line (the load generators).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Child } from '../tests/support/processes.ts';

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

export async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all(running.map((c) => c.kill('SIGTERM')));
}

/**
 * Runs a one-shot script in a process of its own and answers the JSON line it prints. The spec goes
 * on its standard input (`readSpec`): a thousand members' cookies exceed what one argument may hold.
 */
export function runJson<T>(script: string, spec: unknown, onPid?: (pid: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    if (child.pid) onPid?.(child.pid);
    child.stdin.end(JSON.stringify(spec));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as T);
      else reject(new Error(`${script} exited with ${code}: ${err || out}`));
    });
  });
}

/** The spec a one-shot script was given by `runJson`, read from its standard input. */
export const readSpec = <T>(): T => JSON.parse(readFileSync(0, 'utf8')) as T;
