import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyUsage } from '../../projections/usage-daily/queries.ts';
import { loadState } from '../eventstore/command-handler.ts';
import { memberOrg } from './credit-routes.ts';
import { orgDecider } from './decider.ts';
import { availableOf, orgStreamId, type OrgState } from './events.ts';

const AlertsBody = z.object({ lowBalanceCredits: z.number().int('lowBalanceCredits must be a whole number').min(1).max(1_000_000_000).nullable() });
const UsageDays = z.array(z.object({ day: z.string(), used: z.number(), granted: z.number() }));
const AlertsAnswer = z.object({ lowBalanceCredits: z.number().nullable(), available: z.number(), low: z.boolean(), depleted: z.boolean() });

/** What the banner shows: below the threshold (when one is set), or nothing left (always). */
const alertsOf = (state: OrgState) => {
  const available = availableOf(state);
  const low = state.alerts.lowBalanceCredits;
  return { lowBalanceCredits: low, available, low: low !== null && available < low, depleted: available <= 0 };
};

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
    return alertsOf(await loadState(app.store, orgDecider, orgStreamId(orgId)));
  });

  app.put('/', { schema: { tags: ['credits'], body: AlertsBody, response: { 200: AlertsAnswer } } }, async (request) => {
    const orgId = memberOrg(request.user);
    const outcome = await app.commands.run(
      orgDecider,
      orgStreamId(orgId),
      { type: 'SetAlerts', data: { orgId, lowBalanceCredits: request.body.lowBalanceCredits, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return alertsOf(outcome.state);
  });
};

export default alertRoutes;
