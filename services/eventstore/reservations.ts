import { DuplicateError } from '../platform/errors.ts';
import type { Queryable } from './store.ts';

export const normalizeKey = (value: string) => value.trim().toLowerCase();

/**
 * Claims a unique value (an org name, an email) for `owner` inside the caller's transaction.
 * A value held by someone else is the spec's duplicate answer for `field`.
 */
export async function reserve(db: Queryable, kind: string, value: string, owner: string, field: string): Promise<void> {
  const key = normalizeKey(value);
  const res = await db.query(
    `INSERT INTO reservations (kind, key, owner) VALUES ($1, $2, $3)
     ON CONFLICT (kind, key) DO UPDATE SET owner = reservations.owner
     RETURNING owner`,
    [kind, key, owner],
  );
  if (res.rows[0].owner !== owner) throw new DuplicateError(field);
}

export async function release(db: Queryable, kind: string, value: string, owner: string): Promise<void> {
  await db.query('DELETE FROM reservations WHERE kind = $1 AND key = $2 AND owner = $3', [kind, normalizeKey(value), owner]);
}

export async function reservationOwner(db: Queryable, kind: string, value: string): Promise<string | null> {
  const res = await db.query('SELECT owner FROM reservations WHERE kind = $1 AND key = $2', [kind, normalizeKey(value)]);
  return (res.rows[0]?.owner as string | undefined) ?? null;
}

/** Releases every value of this kind held by `owner` except `keep` (after a rename). */
export async function releaseOthers(db: Queryable, kind: string, owner: string, keep: string): Promise<void> {
  await db.query('DELETE FROM reservations WHERE kind = $1 AND owner = $2 AND key <> $3', [kind, owner, normalizeKey(keep)]);
}

/**
 * Takes a transaction-long lock named `key` (a row of its own in reservations), so that changes which
 * must see each other's effects run one after the other.
 */
export async function lockKey(db: Queryable, key: string): Promise<void> {
  await db.query(`INSERT INTO reservations (kind, key, owner) VALUES ('lock', $1, 'system') ON CONFLICT (kind, key) DO NOTHING`, [key]);
  await db.query(`SELECT 1 FROM reservations WHERE kind = 'lock' AND key = $1 FOR UPDATE`, [key]);
}
