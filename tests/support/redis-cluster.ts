import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createServer } from 'node:net';
import { waitFor } from './processes.ts';

/** Whether this machine has the Redis binaries a cluster test needs (the test skips, saying so, when it does not). */
export const haveRedisServer = () => spawnSync('redis-server', ['--version']).status === 0 && spawnSync('redis-cli', ['--version']).status === 0;

export interface TestCluster {
  /** `host:port` of each node, as REDIS_CLUSTER_NODES takes them. */
  nodes: string[];
  /** Kills a node at once (SIGKILL: no goodbye to the others). */
  kill(index: number): Promise<void>;
  /** Starts a killed node again on the same port and folder: it rejoins with the slots it had. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port whose cluster bus port (port + 10000) is free too, both below the kernel's ephemeral
 * range (32768 and up): no other test's server (they listen on port 0) and no outgoing connection's
 * own port can take a killed node's ports before it starts again, and no client reconnecting to a
 * down node can end up connected to itself.
 */
async function clusterPort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 2700);
    if ((await listens(port)) && (await listens(port + 10000))) return port;
  }
}

/** Whether every slot is served (after a node comes back, the others must see it again). */
async function clusterOk(port: number): Promise<boolean> {
  const redis = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return String(await redis.cluster('INFO')).includes('cluster_state:ok');
  } finally {
    redis.disconnect();
  }
}

/**
 * A three-master Redis Cluster of the test's own (Debian's redis-server on free ports, a folder each,
 * nothing on disk but nodes.conf), made with `redis-cli --cluster create`. It serves the slots it has
 * while a node is down, so a test can watch what the product does on the other masters.
 */
export async function startRedisCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const ports = [await clusterPort(), await clusterPort(), await clusterPort()];
  const procs = new Map<number, ReturnType<typeof spawn>>();
  const start = async (i: number) => {
    const port = ports[i];
    const child = spawn('redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`,
      '--cluster-node-timeout', '2000', '--cluster-require-full-coverage', 'no', '--save', '', '--appendonly', 'no', '--dir', dir,
    ], { stdio: 'ignore' });
    procs.set(i, child);
    await waitFor(`redis node ${port}`, async () => {
      const r = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      r.on('error', () => {});
      try {
        await r.connect();
        return (await r.ping()) === 'PONG';
      } finally {
        r.disconnect();
      }
    });
  };
  for (let i = 0; i < ports.length; i++) await start(i);
  const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' });
  if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
  await waitFor('the cluster to serve every slot', async () => (await Promise.all(ports.map(clusterOk))).every(Boolean), 60_000);

  const kill = async (i: number) => {
    const child = procs.get(i);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`),
    kill,
    async restart(i) {
      await start(i);
      await waitFor('the cluster to serve every slot again', async () => (await Promise.all(ports.map(clusterOk))).every(Boolean), 60_000);
    },
    async stop() {
      for (let i = 0; i < ports.length; i++) await kill(i);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
