import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyOrSession } from '../credits/routes.ts';
import { ErrorAnswer, InvalidKeyAnswer } from '../credits/schemas.ts';
import { ValidationError } from '../platform/errors.ts';
import { backtest } from './backtest.ts';
import { priceProblem, rateCardDecider } from './decider.ts';
import { RATE_CARD_STREAM, versionAt } from './events.ts';
import { loadRateCard } from './rate-card.ts';
import { BacktestAnswer, BacktestBody, PublishBody, RateCardsAnswer, RateCardVersion } from './schemas.ts';

/** The rate card: admins publish versions and backtest drafts; members and API keys read the version in force. */
export const adminRateCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usage', 'admin'];
  app.get('/', { onRequest: app.requirePermission('admin.subscriptions.view'), schema: { tags, response: { 200: RateCardsAnswer } } }, async () => {
    const card = await loadRateCard(app.store);
    return { current: versionAt(card, new Date().toISOString()), versions: [...card.versions].reverse() };
  });

  app.post(
    '/',
    { onRequest: app.requirePermission('admin.subscriptions.edit'), schema: { tags, body: PublishBody, response: { 201: RateCardVersion, 400: ErrorAnswer } } },
    async (request, reply) => {
      const at = new Date().toISOString();
      const { entries, effectiveFrom = at } = request.body;
      const outcome = await app.commands.run(rateCardDecider, RATE_CARD_STREAM, { type: 'PublishRateCard', data: { entries, effectiveFrom, by: request.user!.id, at } }, {
        metadata: app.commands.metadata(request),
      });
      return reply.code(201).send(outcome.state.versions.at(-1)!);
    },
  );

  app.post(
    '/backtest',
    { onRequest: app.requirePermission('admin.subscriptions.view'), schema: { tags, body: BacktestBody, response: { 200: BacktestAnswer, 400: ErrorAnswer } } },
    async (request) => {
      const { draft, from, to } = request.body;
      for (const entry of draft.entries) {
        const problem = priceProblem(entry.creditsPerUnit);
        if (problem) throw new ValidationError(`${entry.meter}: ${problem}`, 'draft');
      }
      if (Date.parse(from) >= Date.parse(to)) throw new ValidationError('from must be before to', 'from');
      const orgs = await backtest(app.pg, draft.entries, from, to);
      const sum = (f: (r: (typeof orgs)[number]) => number) => Number(orgs.reduce((n, r) => n + f(r), 0).toFixed(12));
      return { from: new Date(from).toISOString(), to: new Date(to).toISOString(), orgs, charged: sum((r) => r.charged), draft: sum((r) => r.draft) };
    },
  );
};

export const rateCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requireUserOrKey, schema: { tags: ['usage'], security: keyOrSession, response: { 200: RateCardVersion, 401: InvalidKeyAnswer } } },
    async () => {
      // Before the first version: nothing is priced (version 0, no meters).
      const none = { version: 0, effectiveFrom: new Date(0).toISOString(), entries: [], publishedAt: new Date(0).toISOString(), publishedBy: null };
      return versionAt(await loadRateCard(app.store), new Date().toISOString()) ?? none;
    },
  );
};
