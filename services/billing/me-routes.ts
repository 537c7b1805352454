import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '../auth/sessions.ts';
import { ValidationError } from '../platform/errors.ts';
import { configureAutoTopUp, readAutoTopUp } from './auto-top-up/settings.ts';
import { billingOf } from './billing-view.ts';
import { AutoTopUp, AutoTopUpBody, Billing } from './schemas.ts';

const orgOf = (user: SessionUser) => {
  if (!user.organization_id) throw new ValidationError('Create your organization on your profile first', 'organization');
  return user.organization_id;
};

/** The member's own organization's billing, under /api/me. */
const meBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/billing', { onRequest: app.requireUser, schema: { tags: ['profile'], response: { 200: Billing } } }, async (request) =>
    billingOf(app, orgOf(request.user!)),
  );

  app.get('/auto-top-up', { onRequest: app.requireUser, schema: { tags: ['profile'], response: { 200: AutoTopUp } } }, async (request) =>
    readAutoTopUp(app, orgOf(request.user!)),
  );

  app.put(
    '/auto-top-up',
    { onRequest: [app.requireUser, app.requireOrgRole('billing')], schema: { tags: ['profile'], body: AutoTopUpBody, response: { 200: AutoTopUp } } },
    async (request) => configureAutoTopUp(app, request, orgOf(request.user!), request.user!.id, request.body),
  );
};

export default meBillingRoutes;
