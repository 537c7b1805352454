import { applyStripeEvent, receiveAndApply, type Applied, type ApplyDeps, type Duplicate, type Receipt } from './apply.ts';
import type { StripeEventEnvelope } from './events.ts';
import { interpret } from './interpret.ts';
import { stripeWebhookApply, stripeWebhookEvents } from '../platform/metrics.ts';

/**
 * Whether applying an event asks Stripe nothing: all but a refund (which may look up the invoice it
 * paid) and a subscription's checkout (which cancels and refunds the organization's older
 * subscriptions). The webhook applies those at once, before it answers; the others go to the worker,
 * so that no call to Stripe runs inside Stripe's own request.
 */
export function appliesWithoutStripe(event: StripeEventEnvelope): boolean {
  const intent = interpret(event);
  return intent.kind !== 'refund' && !(intent.kind === 'checkout' && intent.mode === 'subscription');
}

/** Counts an applied event's outcome, and how long after its receipt it took effect. */
function counted<A extends Applied | Duplicate>(event: StripeEventEnvelope, applied: A, receivedAt: string): A {
  if (applied.status === 'duplicate') return applied;
  stripeWebhookEvents.inc({ type: event.type, outcome: applied.status });
  if (applied.status === 'processed') stripeWebhookApply.observe(Math.max(0, Date.now() - Date.parse(receivedAt)) / 1000);
  return applied;
}

/** Applies a stored Stripe event (applyStripeEvent), counted: the worker's way. */
export async function applyReceived(deps: ApplyDeps, event: StripeEventEnvelope, receivedAt: string): Promise<Applied> {
  return counted(event, await applyStripeEvent(deps, event), receivedAt);
}

/** Stores an event the webhook just received and applies it in one commit (receiveAndApply), counted: the webhook's way. */
export async function receiveAndApplyNow(deps: ApplyDeps, event: StripeEventEnvelope, receipt: Receipt): Promise<Applied | Duplicate> {
  return counted(event, await receiveAndApply(deps, event, receipt), receipt.at);
}
