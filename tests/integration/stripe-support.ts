import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { signPayload } from '../../services/billing/stripe.ts';
import type { TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';

/** The project's Stripe webhook payloads (tests/fixtures/stripe, see its README). */
export const FIXTURE_DIR = new URL('../fixtures/stripe/', import.meta.url);
/** The placeholder org of the fixtures (their README: "client_reference_id is an org UUID"). */
export const FIXTURE_ORG = '7f3c2a1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b';

export const PRO_PLAN = {
  id: 'plan-pro-monthly',
  name: 'Pro',
  description: 'Monthly plan of the fixtures',
  price_usd: 20,
  monthly_credits: 1000,
  one_time_credits: 200,
  is_one_time: false,
  example_usages: ['Daily sessions'],
};
export const PACK_PLAN = {
  id: 'pack-500-credits',
  name: 'Credit Pack',
  description: 'One-time pack of the fixtures',
  price_usd: 49,
  monthly_credits: 0,
  one_time_credits: 500,
  is_one_time: true,
};

export const fixtureNames = () =>
  readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();

const STRIPE_ID = /^(evt|sub|cs_test|pi|ch|in|re|il|si)_[A-Za-z0-9]+$/;

function rewrite(value: unknown, orgId: string, suffix: string): unknown {
  if (typeof value === 'string') {
    if (value === FIXTURE_ORG) return orgId;
    return suffix && STRIPE_ID.test(value) ? `${value}${suffix}` : value;
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, orgId, suffix));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, orgId, suffix)]));
  }
  return value;
}

/**
 * A fixture for one test organization: the placeholder org replaced (client_reference_id and our
 * metadata), and (with a suffix) every Stripe id made unique so that scenarios do not share ids.
 */
export function fixtureEvent(name: string, orgId: string, suffix = '', options: { fresh?: boolean } = {}): Record<string, any> {
  const raw = JSON.parse(readFileSync(new URL(name, FIXTURE_DIR), 'utf8'));
  const event = rewrite(raw, orgId, suffix) as Record<string, any>;
  return options.fresh ? shiftTimes(event, Math.floor(Date.now() / 1000) - event.created) : event;
}

/** Unix times (seconds) of this century's Stripe objects: created, periods, current_period_end... */
const isUnixTime = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 1_400_000_000 && v < 2_500_000_000;

/**
 * The fixture as if it had happened now: every unix time moved by the same amount, so the periods it
 * bills have not ended yet (monthly credits expire at their period's end).
 */
export function shiftTimes<T>(value: T, seconds: number): T {
  if (isUnixTime(value)) return (value + seconds) as T;
  if (Array.isArray(value)) return value.map((v) => shiftTimes(v, seconds)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftTimes(v, seconds)])) as T;
  return value;
}

export async function postEvent(url: string, event: unknown, secret: string, tamper?: (payload: string) => string) {
  const payload = JSON.stringify(event);
  const signature = signPayload(payload, secret);
  const res = await fetch(`${url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: tamper ? tamper(payload) : payload,
  });
  return { status: res.status, body: (await res.json()) as { received?: boolean; duplicate?: boolean; error?: string } };
}

export async function createPlans(admin: Client, ...plans: Record<string, unknown>[]) {
  for (const plan of plans) {
    const res = await admin.post('/api/admin/subscriptions', plan);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

/** Waits until the worker has given each of these events an outcome; answers their statuses. */
export async function settled(t: TestApp, eventIds: string[], timeoutMs = 45_000): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.db.query(
      `SELECT (data->>'eventId') AS id, type FROM events
        WHERE stream_id = ANY($1) AND type IN ('StripeEventProcessed', 'StripeEventIgnored', 'StripeEventFailed')`,
      [eventIds.map((id) => `stripe_event-${id}`)],
    );
    if (res.rowCount === eventIds.length) {
      return Object.fromEntries(res.rows.map((r) => [r.id, String(r.type).replace('StripeEvent', '').toLowerCase()]));
    }
    if (Date.now() > deadline) throw new Error(`only ${res.rowCount} of ${eventIds.length} Stripe events settled`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls a read-model query until `done` holds (read models follow the log by a moment). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export async function countEvents(t: TestApp, streamId: string, type: string): Promise<number> {
  const res = await t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = $2', [streamId, type]);
  return res.rows[0].n;
}
