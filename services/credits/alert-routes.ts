import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyUsage } from '../../projections/usage-daily/queries.ts';
import { alertsView } from './alerts.ts';
import { memberOrg } from '../platform/member.ts';

const AlertsBody = z.object({ lowBalanceCredits: z.number().int('lowBalanceCredits must be a whole number').min(1).max(1_000_000_000).nullable() });
const UsageDays = z.array(z.object({ day: z.string(), used: z.number(), granted: z.number() }));
const AlertsAnswer = z.object({ lowBalanceCredits: z.number().nullable(), available: z.number(), low: z.boolean(), depleted: z.boolean() });

/** Credits used and granted per day over the last 30 days (the profile's chart), from the daily-totals read model. */
export const usageDailyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { onRequest: app.requireUser, schema: { tags: ['credits'], response: { 200: UsageDays } } }, async (request) => {
    const orgId = request.user!.organization_id;
    return orgId ? dailyUsage(app.pg, orgId) : [];
  });
};

/** The low-balance alert of the member's organization (credits.low / credits.depleted webhooks, the banner). */
const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/', { schema: { tags: ['credits'], response: { 200: AlertsAnswer } } }, async (request) => {
    const orgId = request.user!.organization_id;
    if (!orgId) return { lowBalanceCredits: null, available: 0, low: false, depleted: false };
    return alertsView(await app.credits.state(orgId));
  });

  app.put('/', { onRequest: app.requireOrgRole('billing'), schema: { tags: ['credits'], body: AlertsBody, response: { 200: AlertsAnswer } } }, async (request) => {
    const orgId = memberOrg(request.user);
    return alertsView(await app.credits.setAlerts(orgId, request.body.lowBalanceCredits, app.commands.metadata(request)));
  });
};

export default alertRoutes;
