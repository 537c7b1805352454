import Stripe from 'stripe';
import type { Config } from '../platform/config.ts';
import { DomainError } from '../platform/errors.ts';
import type { StripeEventEnvelope } from './events.ts';

/**
 * 'stripe': real Checkout with STRIPE_SECRET_KEY. 'simulator': no key, not production: our own
 * checkout page pays by posting signed events to our webhook. 'off': production without a key.
 */
export type BillingMode = 'stripe' | 'simulator' | 'off';

export function billingMode(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'NODE_ENV'>): BillingMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return config.NODE_ENV === 'production' ? 'off' : 'simulator';
}

/** The official SDK; host, port and protocol point it at a local fake in tests. */
export function stripeClient(config: Config): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: config.STRIPE_API_HOST,
    port: config.STRIPE_API_PORT,
    protocol: config.STRIPE_API_PROTOCOL,
    maxNetworkRetries: config.STRIPE_API_HOST ? 0 : 2,
    timeout: 20_000,
  });
}

export class BadSignature extends DomainError {
  constructor(detail: string) {
    super(400, 'bad_signature', `Webhook signature verification failed: ${detail}`, { error: 'bad_signature' });
  }
}

/** Checks the Stripe-Signature header over the raw bytes and answers the parsed event. */
export function verifyStripeEvent(raw: Buffer, signature: string | undefined, secret: string): StripeEventEnvelope {
  if (!signature) throw new BadSignature('no Stripe-Signature header');
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: unknown };
  try {
    event = Stripe.webhooks.constructEvent(raw, signature, secret) as unknown as typeof event;
  } catch (err) {
    throw new BadSignature(err instanceof Error ? err.message.split('.')[0] : 'invalid');
  }
  if (typeof event.id !== 'string' || !event.id || typeof event.type !== 'string' || !event.data || typeof event.data !== 'object') {
    throw new DomainError(400, 'bad_event', 'Not a Stripe event', { error: 'bad_event' });
  }
  return { ...event, created: typeof event.created === 'number' ? event.created : 0 } as StripeEventEnvelope;
}

/** A Stripe-Signature header for a payload, as Stripe would send it (simulator and tests). */
export const signPayload = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** What a failed Stripe call may log: its kind and ids, and its message with any API key masked (Stripe may quote it). */
export function describeStripeError(err: unknown) {
  const e = err as { type?: string; code?: string; statusCode?: number; requestId?: string; message?: string };
  const message = String(e?.message ?? err).replace(/\b([sr]k|whsec)_[A-Za-z0-9_]+/g, '$1_[redacted]');
  return { type: e?.type, code: e?.code, statusCode: e?.statusCode, requestId: e?.requestId, message };
}
