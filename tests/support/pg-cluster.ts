import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitFor } from './processes.ts';

/** Debian's Postgres binaries (initdb, pg_ctl, pg_basebackup), or null when this machine has none. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** The servers run as the `postgres` user (Postgres refuses root); nothing else of the machine's is touched. */
function run(bin: string, command: string, args: string[]) {
  const res = spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${command} failed: ${res.stdout}${res.stderr}`);
  return res.stdout;
}

export interface PrimaryAndReplica {
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Stops the replica at once (immediate shutdown), as a crash would. */
  stopReplica(): void;
  stop(): void;
}

const url = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

/**
 * A primary and a streaming replica of the test's own: `initdb` on a free port, a base backup with
 * `pg_basebackup -R` (the replica streams from the primary from then on), both in a folder under /tmp.
 */
export async function startPrimaryAndReplica(bin: string, ports: [number, number]): Promise<PrimaryAndReplica> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-replica-'));
  chownSync(dir, Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  const [primaryPort, replicaPort] = ports;
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  run(bin, 'initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  appendFileSync(
    join(primary, 'postgresql.conf'),
    [`port = ${primaryPort}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'wal_level = replica', 'max_wal_senders = 4',
      'hot_standby = on', 'max_connections = 200', 'fsync = off', 'synchronous_commit = off', 'full_page_writes = off', ''].join('\n'),
  );
  run(bin, 'pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
  run(bin, 'pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
  appendFileSync(join(replica, 'postgresql.auto.conf'), `port = ${replicaPort}\n`);
  run(bin, 'pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', 'start']);
  await waitFor('the replica to stream', async () => {
    const client = new pg.Client({ connectionString: url(replicaPort, 'postgres') });
    await client.connect();
    try {
      return (await client.query('SELECT pg_is_in_recovery() AS r')).rows[0].r === true;
    } finally {
      await client.end();
    }
  });
  const stopServer = (data: string) => spawnSync('runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], { encoding: 'utf8' });
  return {
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    stopReplica: () => void stopServer(replica),
    stop() {
      stopServer(replica);
      stopServer(primary);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
