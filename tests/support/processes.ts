import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Config } from '../../services/platform/config.ts';
import { WORKER_NODE_FLAGS } from '../../workers/node-flags.ts';

export interface Child {
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Set by the test run's global setup to the tree it transpiled (tests/support/compiled.ts). */
export const COMPILED_ENV = 'AB_TEST_COMPILED_ROOT';

/**
 * Node's arguments to run a file of the project: a `.js` one as it is; a TypeScript one from the tree
 * the test run transpiled (tests/support/compiled.ts) when there is one, else through tsx.
 */
export function nodeArgs(entry: string): string[] {
  if (entry.endsWith('.js')) return [entry];
  const compiled = process.env[COMPILED_ENV];
  return compiled ? [join(compiled, entry.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', entry];
}

/** Runs one of the product's entry points as its own process, with the test's database and Redis prefix (and `flags` for Node). */
export function spawnEntry(entry: string, config: Config, env: Record<string, string> = {}, flags: readonly string[] = []): Child {
  const child = spawn(process.execPath, [...flags, ...nodeArgs(entry)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      REDIS_CLUSTER_NODES: config.REDIS_CLUSTER_NODES.join(','),
      ...(config.READ_DATABASE_URL ? { READ_DATABASE_URL: config.READ_DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
      DEV_LOGIN: '1',
      ADMIN_EMAILS: config.ADMIN_EMAILS.join(','),
      NEW_ACCOUNTS_ACTIVE: config.NEW_ACCOUNTS_ACTIVE ? '1' : '0',
      RATE_LIMIT: 'off',
      SERVE_WEB: '0',
      DB_POOL_MAX: String(config.DB_POOL_MAX),
      WORKER_CONCURRENCY: String(config.WORKER_CONCURRENCY),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    output,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Polls `check` every 50 ms until it answers something truthy. A check that throws counts as not yet
 * (but a child process that exited ends the wait); when time runs out, the error names the last such
 * throw, so that a wait that never came true says why.
 */
export async function waitFor<T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: string | null = null;
  for (;;) {
    const value = await check().catch((err: Error) => {
      if (err.message.includes('exited with')) throw err;
      lastError = err.message;
      return null;
    });
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${lastError ? ` (the last check threw: ${lastError})` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until this machine's clock has passed `moment` (ms since the epoch): for events that must fall on either side of it. */
export const clockPast = (moment: number) => waitFor(`the clock to pass ${new Date(moment).toISOString()}`, async () => Date.now() > moment);

/** Starts an API process on a port and waits until it answers. */
export async function spawnApi(config: Config, port: number, entry = 'bin/api.ts', env: Record<string, string> = {}): Promise<Child & { url: string }> {
  const child = spawnEntry(entry, config, { PORT: String(port), HOST: '127.0.0.1', ...env });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `API on ${port}`,
    async () => {
      if (child.process.exitCode !== null) throw new Error(`API exited with ${child.process.exitCode}: ${child.output.join('')}`);
      return (await fetch(`${url}/api/health`)).ok;
    },
    180_000,
  );
  return { ...child, url };
}

/** Starts a worker process (with the workers' Node flags, as deployed) and waits until it says its workers are running. */
export async function spawnWorker(config: Config, env: Record<string, string> = {}): Promise<Child> {
  const child = spawnEntry('bin/worker.ts', config, { LOG_LEVEL: 'info', ...env }, WORKER_NODE_FLAGS);
  await waitFor(
    'a worker process to start',
    async () => {
      if (child.process.exitCode !== null) throw new Error(`worker exited with ${child.process.exitCode}: ${child.output.join('')}`);
      return child.output.join('').includes('workers started');
    },
    180_000,
  );
  return child;
}

/** A TCP port that was free a moment ago. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
