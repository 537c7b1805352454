import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId, type OrgState } from '../orgs/events.ts';
import { NotFoundError } from '../platform/errors.ts';
import { simId } from './simulator/deliver.ts';
import { loadOrg } from '../orgs/stream.ts';

export type BillingMode = 'stripe' | 'simulator';

/**
 * The organization's Stripe customer, created at its first need and kept as an event on its stream.
 * Two callers at once: Stripe answers both the same customer (one idempotency key per organization),
 * and the org's decider keeps the first link; both then read the linked one.
 */
export async function orgCustomer(
  app: FastifyInstance,
  request: FastifyRequest,
  orgId: string,
  email: string,
  mode: BillingMode,
  stripe: () => Stripe,
): Promise<{ customerId: string; org: OrgState }> {
  const org = await loadOrg(app.store, orgId);
  if (!org.exists) throw new NotFoundError('Organization');
  if (org.stripeCustomerId) return { customerId: org.stripeCustomerId, org };
  const customerId =
    mode === 'simulator'
      ? simId('cus')
      : (await stripe().customers.create({ email, name: org.name, metadata: { orgId } }, { idempotencyKey: `org-customer-${orgId}` })).id;
  const linked = await app.commands.run(
    orgDecider,
    orgStreamId(orgId),
    { type: 'LinkStripeCustomer', data: { orgId, customerId, at: new Date().toISOString() } },
    { metadata: app.commands.metadata(request) },
  );
  return { customerId: linked.state.stripeCustomerId ?? customerId, org: linked.state };
}
