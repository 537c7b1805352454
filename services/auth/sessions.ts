import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { STREAMS_CHANGED_CHANNEL } from '../eventstore/notifier.ts';
import type { UserIdentity } from './identity.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;

export interface SessionUser extends UserIdentity {
  sessionId: string;
}

/** How a session is named in change notifications and caches: never the secret itself. */
export const sessionKey = (sessionId: string) => `session-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;

export async function createSession(pool: pg.Pool, userId: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await pool.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')`, [
    id,
    userId,
    SESSION_TTL_MS,
  ]);
  return id;
}

/** Ends a session; every API process hears of it (their caches drop it) when it commits. */
export async function destroySession(pool: pg.Pool, sessionId: string): Promise<void> {
  await pool.query(
    `WITH gone AS (DELETE FROM sessions WHERE id = $1 RETURNING id) SELECT pg_notify($2, $3) FROM gone`,
    [sessionId, STREAMS_CHANGED_CHANNEL, sessionKey(sessionId)],
  );
}

/** Whose a live session is, and until when (ms since the epoch). */
export interface SessionOwner {
  userId: string;
  expiresAt: number;
}

/** Whose each live session among these is (unknown and expired ones are left out), in one statement. */
export async function sessionOwners(pool: pg.Pool, sessionIds: string[]): Promise<Map<string, SessionOwner>> {
  const res = await pool.query({
    name: 'session-owners',
    text: `SELECT id, user_id, expires_at FROM sessions WHERE id = ANY($1::text[]) AND expires_at > now()`,
    values: [sessionIds],
  });
  return new Map(res.rows.map((row) => [row.id as string, { userId: row.user_id as string, expiresAt: new Date(row.expires_at).getTime() }]));
}
