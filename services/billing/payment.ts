import type { Decider } from '../eventstore/decider.ts';
import { DomainError } from '../platform/errors.ts';
import type { DomainEvent } from '../eventstore/types.ts';

/**
 * One paid Stripe payment (a payment intent) and the credits it bought, so that a refund takes
 * back the same share of those credits as of the money: floor(credits × refunded / amount),
 * less what earlier refunds of it already took.
 */
export type StripePaymentCredited = DomainEvent<
  'StripePaymentCredited',
  {
    paymentIntentId: string; orgId: string; planId: string; sessionId: string; amount: number; currency: string; credits: number; at: string;
    /** The lot the payment bought (a subscription invoice's period); a checkout's is its purchase key. */
    lotKey?: string;
  }
>;
export type StripePaymentRefunded = DomainEvent<
  'StripePaymentRefunded',
  {
    paymentIntentId: string; orgId: string; chargeId: string;
    /** Everything refunded of the payment so far (cents). */
    amountRefunded: number;
    credits: number; at: string;
    /** This refund's own amount and the payment's currency (absent on refunds recorded before they were kept). */
    refunded?: number;
    currency?: string;
  }
>;
export type StripePaymentEvent = StripePaymentCredited | StripePaymentRefunded;

export type StripePaymentState =
  | { exists: false }
  | { exists: true; orgId: string; sessionId: string; lotKey: string | null; amount: number; currency: string; credits: number; amountRefunded: number; creditsRevoked: number };

export type RecordPayment = { type: 'RecordPayment'; data: StripePaymentCredited['data'] };
export type RecordRefund = { type: 'RecordRefund'; data: { paymentIntentId: string; chargeId: string; amountRefunded: number; at: string } };
export type StripePaymentCommand = RecordPayment | RecordRefund;

/** Retried: the refund may have overtaken the payment it refunds. */
export class PaymentNotKnown extends DomainError {
  constructor(paymentIntentId: string) {
    super(404, 'payment_not_known', `no payment of ours is known for payment intent ${paymentIntentId}`);
  }
}

export const stripePaymentStreamId = (paymentIntentId: string) => `stripe_payment-${paymentIntentId}`;

const initial = (): StripePaymentState => ({ exists: false });

function evolve(state: StripePaymentState, event: StripePaymentEvent): StripePaymentState {
  switch (event.type) {
    case 'StripePaymentCredited':
      return {
        exists: true,
        orgId: event.data.orgId,
        sessionId: event.data.sessionId,
        lotKey: event.data.lotKey ?? null,
        amount: event.data.amount,
        currency: event.data.currency,
        credits: event.data.credits,
        amountRefunded: 0,
        creditsRevoked: 0,
      };
    case 'StripePaymentRefunded':
      return state.exists
        ? { ...state, amountRefunded: event.data.amountRefunded, creditsRevoked: state.creditsRevoked + event.data.credits }
        : state;
  }
}

/** What a refund says in the member's history: its amount in the payment's currency (never a charge id). */
export function refundDescription(refunded: number | undefined, currency: string | undefined): string {
  if (refunded === undefined || refunded <= 0) return 'Refund';
  const code = (currency ?? 'usd').toUpperCase();
  let amount: string;
  try {
    amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(refunded / 100);
  } catch {
    amount = `${(refunded / 100).toFixed(2)} ${code}`;
  }
  return `Refund of ${amount}`;
}

export function refundedCredits(credits: number, amount: number, amountRefunded: number): number {
  if (amount <= 0) return 0;
  return Math.floor((credits * Math.min(amountRefunded, amount)) / amount);
}

function recordRefund({ data }: RecordRefund, state: StripePaymentState): StripePaymentEvent[] {
  if (!state.exists) throw new PaymentNotKnown(data.paymentIntentId);
  if (data.amountRefunded <= state.amountRefunded) return [];
  const credits = refundedCredits(state.credits, state.amount, data.amountRefunded) - state.creditsRevoked;
  const refunded = data.amountRefunded - state.amountRefunded;
  return [{ type: 'StripePaymentRefunded', data: { ...data, orgId: state.orgId, credits: Math.max(credits, 0), refunded, currency: state.currency } }];
}

function decide(command: StripePaymentCommand, state: StripePaymentState): StripePaymentEvent[] {
  switch (command.type) {
    case 'RecordPayment':
      return state.exists ? [] : [{ type: 'StripePaymentCredited', data: command.data }];
    case 'RecordRefund':
      return recordRefund(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const stripePaymentDecider: Decider<StripePaymentCommand, StripePaymentEvent, StripePaymentState> = {
  initialState: initial,
  evolve,
  decide,
};
