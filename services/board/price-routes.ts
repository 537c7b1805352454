import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswer } from '../credits/schemas.ts';
import { ValidationError } from '../platform/errors.ts';
import { rateCardDecider } from '../ratecard/decider.ts';
import { RATE_CARD_STREAM, versionAt } from '../ratecard/events.ts';
import { loadRateCard } from '../ratecard/rate-card.ts';
import { boardPrices, withBoardPrices, type PriceTable } from './price-table.ts';
import { priceProblem } from './pricing.ts';
import { PriceTableAnswer, PriceTableBody } from './schemas.ts';

const answer = (table: PriceTable) => ({
  defaultPrice: table.defaultPrice,
  models: Object.entries(table.models)
    .map(([model, price]) => ({ model, ...price }))
    .sort((a, b) => a.model.localeCompare(b.model)),
});

/**
 * The board's prices per model (credits per 1,000 tokens), set by admins on the assistants page: a
 * view of the rate card's `llm.*` meters; saving publishes a new rate-card version in force at once.
 */
const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['board'];
  app.get('/', { onRequest: app.requirePermission('admin.assistants.view'), schema: { tags, response: { 200: PriceTableAnswer } } }, async () =>
    answer(boardPrices(versionAt(await loadRateCard(app.store), new Date().toISOString()))),
  );

  app.put(
    '/',
    { onRequest: app.requirePermission('admin.assistants.edit'), schema: { tags, body: PriceTableBody, response: { 200: PriceTableAnswer, 400: ErrorAnswer } } },
    async (request) => {
      const { defaultPrice } = request.body;
      const problem = priceProblem(defaultPrice);
      if (problem) throw new ValidationError(`defaultPrice: ${problem}`, 'defaultPrice');
      const models: PriceTable['models'] = {};
      for (const { model, inputPer1k, outputPer1k } of request.body.models) {
        const bad = priceProblem({ inputPer1k, outputPer1k });
        if (bad) throw new ValidationError(`models: ${model}: ${bad}`, 'models');
        models[model] = { inputPer1k, outputPer1k };
      }
      const at = new Date().toISOString();
      const current = versionAt(await loadRateCard(app.store), at);
      const table = { defaultPrice, models };
      if (JSON.stringify(answer(boardPrices(current))) === JSON.stringify(answer(table))) return answer(table);
      await app.commands.run(
        rateCardDecider,
        RATE_CARD_STREAM,
        { type: 'PublishRateCard', data: { entries: withBoardPrices(current, table), effectiveFrom: at, by: request.user!.id, at } },
        { metadata: app.commands.metadata(request) },
      );
      return answer(table);
    },
  );
};

export default priceRoutes;
