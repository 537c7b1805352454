import type pg from 'pg';
import type { Queryable } from '../eventstore/store.ts';

export interface Delivery {
  endpointId: string;
  messageId: string;
  orgId: string;
  type: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
}

export interface Target {
  url: string;
  secret: string;
  removed: boolean;
}

/** A delivery and where it goes (null when either is gone). */
export async function deliveryWithTarget(db: Queryable, endpointId: string, messageId: string): Promise<{ delivery: Delivery; target: Target } | null> {
  const res = await db.query(
    `SELECT d.endpoint_id, d.message_id, d.org_id, d.type, d.payload, d.status, d.attempts, e.url, e.removed_at, s.secret
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN webhook_secrets s ON s.endpoint_id = d.endpoint_id
      WHERE d.endpoint_id = $1 AND d.message_id = $2`,
    [endpointId, messageId],
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    delivery: { endpointId: r.endpoint_id, messageId: r.message_id, orgId: r.org_id, type: r.type, payload: r.payload, status: r.status, attempts: r.attempts },
    target: { url: r.url, secret: r.secret, removed: r.removed_at !== null },
  };
}

export interface AttemptOutcome {
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** delivered; pending again at `retryAt`; or failed for good. */
  next: { status: 'delivered' } | { status: 'pending'; retryAt: Date } | { status: 'failed' };
}

/** Records one attempt and what the delivery is now, in one transaction. */
export async function recordAttempt(pool: pg.Pool, d: Pick<Delivery, 'endpointId' | 'messageId'>, o: AttemptOutcome): Promise<void> {
  await pool.query(
    `WITH a AS (
       INSERT INTO webhook_attempts (endpoint_id, message_id, attempt, status_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)
     )
     UPDATE webhook_deliveries SET attempts = GREATEST(attempts, $3), status = $7,
            next_attempt_at = COALESCE($8, next_attempt_at), delivered_at = CASE WHEN $7 = 'delivered' THEN now() ELSE delivered_at END
      WHERE endpoint_id = $1 AND message_id = $2`,
    [d.endpointId, d.messageId, o.attempt, o.statusCode, o.durationMs, o.error, o.next.status, o.next.status === 'pending' ? o.next.retryAt : null],
  );
}

/** Deliveries due now (new ones, and retries whose job Redis may have lost). */
export async function dueDeliveries(db: Queryable, limit: number): Promise<{ endpointId: string; messageId: string }[]> {
  const res = await db.query(
    `SELECT endpoint_id, message_id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT $1`,
    [limit],
  );
  return res.rows.map((r) => ({ endpointId: r.endpoint_id, messageId: r.message_id }));
}

/** "Resend": the delivery is pending again, from its first attempt's backoff. */
export async function resend(db: Queryable, endpointId: string, messageId: string): Promise<boolean> {
  const res = await db.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), delivered_at = NULL WHERE endpoint_id = $1 AND message_id = $2`,
    [endpointId, messageId],
  );
  return (res.rowCount ?? 0) > 0;
}

export interface DeliveryLogEntry {
  messageId: string;
  type: string;
  status: string;
  attempts: number;
  createdAt: string;
  deliveredAt: string | null;
  attemptLog: { attempt: number; at: string; statusCode: number | null; durationMs: number; error: string | null }[];
}

/** An endpoint's latest deliveries with each attempt. */
export async function deliveryLog(db: Queryable, endpointId: string, limit = 50): Promise<DeliveryLogEntry[]> {
  const res = await db.query(
    `SELECT d.message_id, d.type, d.status, d.attempts, d.created_at, d.delivered_at,
            COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt, 'at', a.at, 'statusCode', a.status_code, 'durationMs', a.duration_ms, 'error', a.error) ORDER BY a.id)
                        FROM webhook_attempts a WHERE a.endpoint_id = d.endpoint_id AND a.message_id = d.message_id), '[]') AS attempt_log
       FROM webhook_deliveries d WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.message_id LIMIT $2`,
    [endpointId, limit],
  );
  return res.rows.map((r) => ({
    messageId: r.message_id,
    type: r.type,
    status: r.status,
    attempts: r.attempts,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at ? r.delivered_at.toISOString() : null,
    attemptLog: r.attempt_log.map((a: { at: string }) => ({ ...a, at: new Date(a.at).toISOString() })),
  }));
}
