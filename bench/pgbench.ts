// Database references measured by pgbench (a C client) with custom scripts, on a database of their own,
// while the product's processes are idle: what the same statements cost without the product around them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A figure measured twice: the mean and the spread (max − min) / mean. */
export interface Reference {
  name: string;
  figure: number;
  unit: string;
  runs: number[];
  spread: number;
}

/** About the size of a credit event's data. */
const EVENT = JSON.stringify({
  orgId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  amount: 1,
  description: 'a small event of the size a credit event has',
  usageId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  userId: '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  balanceAfter: 999,
  at: '2026-11-23T12:00:00.000Z',
}).replaceAll("'", "''");

const SCRIPTS = {
  insert1: `INSERT INTO ref_events (data) VALUES ('${EVENT}');\n`,
  insert10: `INSERT INTO ref_events (data) VALUES ${Array.from({ length: 10 }, () => `('${EVENT}')`).join(', ')};\n`,
  debit1000: `\\set id random(1, 1000)\nBEGIN;\nUPDATE ref_accounts SET credits = credits - 1 WHERE id = :id AND credits >= 1;\nINSERT INTO ref_events (data) VALUES ('${EVENT}');\nEND;\n`,
  debitHot: `BEGIN;\nUPDATE ref_accounts SET credits = credits - 1 WHERE id = 1 AND credits >= 1;\nINSERT INTO ref_events (data) VALUES ('${EVENT}');\nEND;\n`,
} as const;
export type ScriptName = keyof typeof SCRIPTS | 'simple-update';

const SETUP = `DROP TABLE IF EXISTS ref_events, ref_accounts;
CREATE TABLE ref_events (id bigserial PRIMARY KEY, data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE ref_accounts (id int PRIMARY KEY, credits bigint NOT NULL);
INSERT INTO ref_accounts SELECT g, 1000000000 FROM generate_series(1, 1000) g;`;

export class PgBench {
  private readonly common: string[];
  private readonly dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));

  private constructor(databaseUrl: string, private readonly db: string) {
    const u = new URL(databaseUrl);
    this.common = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  }

  /**
   * pgbench on a database of its own beside the product's; null (with the reason printed) without pgbench.
   * `scale` sizes simple-update's tables (10: a million accounts; a smoke run, whose figures mean nothing, takes 1).
   */
  static create(databaseUrl: string, scale = 10): PgBench | null {
    if (spawnSync('pgbench', ['--version']).status !== 0) {
      console.log('  ! pgbench not found: install it with `apt-get install postgresql-contrib` (Debian); the database references are left empty');
      return null;
    }
    const bench = new PgBench(databaseUrl, `${new URL(databaseUrl).pathname.slice(1)}_ref`);
    spawnSync('dropdb', [...bench.common, '--if-exists', bench.db]);
    execFileSync('createdb', [...bench.common, bench.db]);
    execFileSync('pgbench', [...bench.common, '-i', '-q', '-s', String(scale), bench.db], { stdio: 'ignore' });
    execFileSync('psql', [...bench.common, '-q', '-v', 'ON_ERROR_STOP=1', '-c', SETUP, bench.db], { stdio: 'ignore' });
    for (const [name, text] of Object.entries(SCRIPTS)) writeFileSync(join(bench.dir, `${name}.sql`), text);
    return bench;
  }

  /** Transactions per second of one script with `clients` clients for `seconds`. */
  tps(script: ScriptName, clients: number, seconds: number): number {
    const source = script === 'simple-update' ? ['-N'] : ['-f', join(this.dir, `${script}.sql`)];
    const out = execFileSync('pgbench', [...this.common, '-n', ...source, '-c', String(clients), '-j', String(Math.min(clients, 2)), '-T', String(Math.max(1, seconds)), this.db]).toString();
    const tps = /tps = ([\d.]+)/.exec(out);
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return Number(tps[1]);
  }

  /** A reference measured `repeats` times; rows per statement multiply transactions into rows. */
  reference(name: string, script: ScriptName, unit: string, clients: number, seconds: number, rowsPerTx = 1, repeats = 2): Reference {
    const runs = Array.from({ length: repeats }, () => this.tps(script, clients, seconds) * rowsPerTx);
    const figure = runs.reduce((a, b) => a + b, 0) / runs.length;
    return { name, figure, unit, runs, spread: figure > 0 ? (Math.max(...runs) - Math.min(...runs)) / figure : 0 };
  }

  drop(): void {
    spawnSync('dropdb', [...this.common, '--if-exists', this.db]);
  }
}
