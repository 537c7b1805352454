import type Stripe from 'stripe';
import { handleCommand, loadState } from '../eventstore/command-handler.ts';
import { applyStripeEvent, invoiceGrantKey, markFailed, StripeEventRejected, type ApplyDeps } from './apply.ts';
import { stripeEventDecider } from './decider.ts';
import { stripeEventStreamId, type StripeEventEnvelope } from './events.ts';
import { interpret } from './interpret.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId } from './stripe-subscription.ts';
import { loadOrg } from '../orgs/stream.ts';

/** How far back the paid invoices are compared with our log. */
export const RECONCILE_DAYS = 35;

export interface Missing {
  orgId: string;
  invoiceId: string;
  subscriptionId: string | null;
  /** The grant the invoice should have made (the key its webhook would have used). */
  key: string | null;
  /** The event built from the invoice and applied like its webhook. */
  eventId: string;
  outcome: 'processed' | 'ignored' | 'failed';
  detail: string;
}
export interface Unknown {
  orgId: string;
  subscriptionId: string;
  status: string;
}
export interface ReconcileReport {
  /** Organizations compared with Stripe. */
  orgs: number;
  /** Stripe subscriptions and paid invoices compared with our log. */
  checked: number;
  missing: Missing[];
  unknown: Unknown[];
  applied: number;
  /** Why nothing was compared (no Stripe key). */
  skipped: string | null;
}

export const NO_STRIPE_KEY = 'Skipped: no Stripe key is configured (STRIPE_SECRET_KEY), so there is nothing to compare with.';

export const skippedReport = (reason: string): ReconcileReport => ({ orgs: 0, checked: 0, missing: [], unknown: [], applied: 0, skipped: reason });

/**
 * The event a webhook would have brought for this invoice. Its id is derived from the invoice's, so a
 * second reconciliation finds it stored already; the grant it makes carries the same business key as
 * the real event's, so the real webhook, if it ever comes, grants nothing more.
 */
export const reconcileEventId = (invoiceId: string) => `evt_reconcile_${invoiceId}`;

function invoiceEvent(invoice: Stripe.Invoice): StripeEventEnvelope {
  const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
  return {
    id: reconcileEventId(invoice.id ?? ''),
    object: 'event',
    type: 'invoice.paid',
    created: paidAt,
    livemode: invoice.livemode,
    data: { object: invoice as unknown as Record<string, unknown> },
  };
}

/** Stores the built event as the webhook would, then applies it (unless it has an outcome already). */
async function applyBuilt(deps: ApplyDeps, event: StripeEventEnvelope): Promise<{ outcome: Missing['outcome']; detail: string }> {
  const streamId = stripeEventStreamId(event.id);
  const meta = { actor: 'reconcile', correlation_id: event.id, causation_id: event.id };
  const stored = await handleCommand(deps.store, stripeEventDecider, streamId, { type: 'ReceiveStripeEvent', data: { event, at: new Date().toISOString() } }, { metadata: meta });
  if (stored.state.received && stored.state.status !== 'received') return { outcome: stored.state.status, detail: 'already applied by an earlier reconciliation' };
  try {
    const applied = await applyStripeEvent(deps, event);
    return applied.status === 'processed' ? { outcome: 'processed', detail: applied.summary } : { outcome: 'ignored', detail: applied.reason };
  } catch (err) {
    if (!(err instanceof StripeEventRejected)) throw err;
    await markFailed(deps, event.id, err.message);
    return { outcome: 'failed', detail: err.message };
  }
}

/** One organization: its subscriptions and recent paid invoices in Stripe, compared with our log. */
export async function reconcileOrg(deps: ApplyDeps, stripe: Stripe, orgId: string, into: ReconcileReport, now = new Date()): Promise<void> {
  const org = await loadOrg(deps.store, orgId);
  if (!org.exists || !org.stripeCustomerId) return;
  into.orgs += 1;
  const customer = org.stripeCustomerId;
  for await (const sub of stripe.subscriptions.list({ customer, status: 'all', limit: 100 })) {
    into.checked += 1;
    const known = await loadState(deps.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(sub.id));
    if (!known.started && !org.subscriptionIds.includes(sub.id)) into.unknown.push({ orgId, subscriptionId: sub.id, status: sub.status });
  }
  const since = Math.floor(now.getTime() / 1000) - RECONCILE_DAYS * 86_400;
  for await (const invoice of stripe.invoices.list({ customer, status: 'paid', created: { gte: since }, limit: 100 })) {
    into.checked += 1;
    if (!invoice.id) continue;
    const event = invoiceEvent(invoice);
    const intent = interpret(event);
    if (intent.kind === 'ignore') continue;
    const key = intent.kind === 'period' || intent.kind === 'change' ? invoiceGrantKey(intent) : null;
    if (key && org.appliedKeys.includes(key)) continue;
    const stored = await loadState(deps.store, stripeEventDecider, stripeEventStreamId(event.id));
    if (stored.received && stored.status === 'processed') continue;
    const subscriptionId = intent.kind === 'period' || intent.kind === 'change' ? intent.subscriptionId : null;
    const result = await applyBuilt(deps, event);
    if (result.outcome === 'processed') into.applied += 1;
    into.missing.push({ orgId, invoiceId: invoice.id, subscriptionId, key, eventId: event.id, ...result });
  }
}

/** Every organization that has a Stripe customer (read from the log: the link is an event of its stream). */
async function orgsWithCustomer(deps: ApplyDeps): Promise<string[]> {
  const res = await deps.pool.query(`SELECT DISTINCT data->>'orgId' AS org_id FROM event_log WHERE type = 'StripeCustomerLinked' ORDER BY 1`);
  return res.rows.map((r) => r.org_id as string);
}

/** One organization, or every one with a Stripe customer. */
export async function reconcile(deps: ApplyDeps, stripe: Stripe | null, orgId?: string): Promise<ReconcileReport> {
  if (!stripe) return skippedReport(NO_STRIPE_KEY);
  const report = skippedReport('');
  report.skipped = null;
  for (const id of orgId ? [orgId] : await orgsWithCustomer(deps)) await reconcileOrg(deps, stripe, id, report);
  return report;
}
