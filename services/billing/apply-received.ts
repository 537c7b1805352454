import { applyStripeEvent, receiveAndApply, type Applied, type ApplyDeps, type NotApplied, type Receipt } from './apply.ts';
import type { StripeEventEnvelope } from './events.ts';
import { stripeWebhookApply, stripeWebhookEvents } from '../platform/metrics.ts';

/** Counts an applied event's outcome, and how long after its receipt it took effect. */
function counted<A extends Applied | NotApplied>(event: StripeEventEnvelope, applied: A, receivedAt: string): A {
  if (applied.status === 'duplicate' || applied.status === 'later') return applied;
  stripeWebhookEvents.inc({ type: event.type, outcome: applied.status });
  if (applied.status === 'processed') stripeWebhookApply.observe(Math.max(0, Date.now() - Date.parse(receivedAt)) / 1000);
  return applied;
}

/** Applies a stored Stripe event (applyStripeEvent), counted: the worker's way. */
export async function applyReceived(deps: ApplyDeps, event: StripeEventEnvelope, receivedAt: string): Promise<Applied> {
  return counted(event, await applyStripeEvent(deps, event), receivedAt);
}

/** Stores an event the webhook just received and applies it in one commit (receiveAndApply), counted: the webhook's way. */
export async function receiveAndApplyNow(deps: ApplyDeps, event: StripeEventEnvelope, receipt: Receipt): Promise<Applied | NotApplied> {
  return counted(event, await receiveAndApply(deps, event, receipt), receipt.at);
}
