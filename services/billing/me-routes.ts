import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ValidationError } from '../platform/errors.ts';
import { billingOf } from './billing-view.ts';
import { Billing } from './schemas.ts';

/** The member's own organization's billing, under /api/me. */
const meBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/billing', { onRequest: app.requireUser, schema: { tags: ['profile'], response: { 200: Billing } } }, async (request) => {
    const orgId = request.user!.organization_id;
    if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
    return billingOf(app, orgId);
  });
};

export default meBillingRoutes;
