import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { PRICE_TABLE_STREAM, priceTableDecider, type PriceTable } from './price-table.ts';
import { PriceTableAnswer, PriceTableBody } from './schemas.ts';

const answer = (table: PriceTable) => ({
  defaultPrice: table.defaultPrice,
  models: Object.entries(table.models)
    .map(([model, price]) => ({ model, ...price }))
    .sort((a, b) => a.model.localeCompare(b.model)),
});

/** The board's prices per model (credits per 1,000 tokens), set by admins on the assistants page. */
const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['board'];
  app.get('/', { onRequest: app.requirePermission('admin.assistants.view'), schema: { tags, response: { 200: PriceTableAnswer } } }, async () =>
    answer(await loadState(app.store, priceTableDecider, PRICE_TABLE_STREAM)),
  );

  app.put(
    '/',
    { onRequest: app.requirePermission('admin.assistants.edit'), schema: { tags, body: PriceTableBody, response: { 200: PriceTableAnswer, 400: ErrorAnswer } } },
    async (request) => {
      const models: PriceTable['models'] = {};
      for (const { model, inputPer1k, outputPer1k } of request.body.models) models[model] = { inputPer1k, outputPer1k };
      const outcome = await app.commands.run(
        priceTableDecider,
        PRICE_TABLE_STREAM,
        { type: 'SetPriceTable', data: { defaultPrice: request.body.defaultPrice, models, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return answer(outcome.state);
    },
  );
};

export default priceRoutes;
