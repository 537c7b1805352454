import type pg from 'pg';
import { tableNames, type Projection } from '../../projections/types.ts';

/** Every row of a read model's tables in a stable order, for comparing two builds of it. */
export async function dumpTables(db: pg.Pool, projection: Projection, version?: number): Promise<Record<string, unknown[]>> {
  const t = version === undefined ? (name: string) => name : tableNames(version);
  const out: Record<string, unknown[]> = {};
  for (const table of projection.tables) {
    const res = await db.query(`SELECT * FROM ${t(table)}`);
    out[table] = res.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
