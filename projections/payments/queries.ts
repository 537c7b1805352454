import type { Queryable } from '../../services/eventstore/store.ts';
import { iso, pagedRows, type PageQuery, type PagedSource } from '../../services/platform/paging.ts';

const transactions: PagedSource = {
  from: 'payment_transactions',
  columns: `id::int AS id, event_id AS "eventId", event_type AS "eventType", kind, object_id AS "objectId",
    amount_total::int AS amount_total, amount_subtotal::int AS amount_subtotal, currency, ${iso('event_created', '"eventCreated"')},
    user_id AS "userId", org_id AS "orgId", plan_id AS "planId", subscription_id AS "subscriptionId", customer, invoice,
    payment_intent AS "paymentIntent", payment_status AS "paymentStatus", mode, ${iso('created_at')}`,
  sortable: {
    id: 'id',
    eventCreated: 'event_created',
    amount_total: 'amount_total',
    currency: 'currency',
    orgId: 'org_id',
    paymentStatus: 'payment_status',
    kind: 'kind',
  },
  searchable: ['event_id', 'object_id', 'org_id', 'user_id', 'plan_id', 'subscription_id', 'customer', 'invoice', 'payment_intent', 'payment_status', 'currency', 'kind'].map((c) => `${c}::text`),
  tieBreak: 'id',
};

/** One page of the payment transactions admins see. */
export const pagePayments = <R = Record<string, unknown>>(db: Queryable, query: PageQuery) => pagedRows<R>(db, transactions, query);

export interface LastPayment {
  payment_intent: string;
  amount_total: number;
  currency: string;
  customer: string | null;
  user_id: string | null;
  plan_id: string | null;
}

/** An organization's latest one-time checkout payment (what a refund test event refunds). */
export async function lastCheckoutPayment(db: Queryable, orgId: string): Promise<LastPayment | null> {
  const res = await db.query(
    `SELECT payment_intent, amount_total::int AS amount_total, currency, customer, user_id, plan_id FROM payment_transactions
      WHERE org_id = $1 AND payment_intent IS NOT NULL AND kind = 'checkout' ORDER BY id DESC LIMIT 1`,
    [orgId],
  );
  return (res.rows[0] as LastPayment | undefined) ?? null;
}

/** The Stripe customer a subscription's payments were made by, if known. */
export async function subscriptionCustomer(db: Queryable, subscriptionId: string): Promise<string | null> {
  const res = await db.query('SELECT customer FROM payment_transactions WHERE subscription_id = $1 AND customer IS NOT NULL LIMIT 1', [subscriptionId]);
  return (res.rows[0]?.customer as string | undefined) ?? null;
}
