import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, keyOrSession } from '../credits/routes.ts';
import { ErrorAnswer, InvalidKeyAnswer } from '../credits/schemas.ts';
import { RateCards } from '../ratecard/rate-card.ts';
import { ingestUsage } from './ingest.ts';
import { UsageEventsAnswer, UsageEventsBody } from './schemas.ts';

/** Usage in its own units (tokens, calls, minutes), priced by the rate card: ingestion and quotes. */
const usageEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { rateCards: new RateCards(app.store), credits: app.credits };
  const schema = {
    tags: ['usage'],
    security: keyOrSession,
    body: UsageEventsBody,
    response: { 200: UsageEventsAnswer, 401: InvalidKeyAnswer, 403: ErrorAnswer, 413: ErrorAnswer },
  };

  app.post('/events', { onRequest: app.requireUserOrKey, schema }, async (request) => {
    const { orgId, userId } = callerOf(request);
    return ingestUsage(deps, { orgId, userId, events: request.body.events, metadata: app.commands.metadata(request) }, 'record');
  });

  app.post('/quote', { onRequest: app.requireUserOrKey, schema }, async (request) => {
    const { orgId, userId } = callerOf(request);
    return ingestUsage(deps, { orgId, userId, events: request.body.events, metadata: {} }, 'quote');
  });
};

export default usageEventRoutes;
