import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meteredUsage } from '../../projections/metered-usage/queries.ts';

const DAY = 86_400_000;
const UsageQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  projectId: z.string().max(100).optional(),
});
const MeteredDays = z.object({ data: z.array(z.object({ day: z.string(), meter: z.string(), quantity: z.number(), credits: z.number(), events: z.number() })) });

/** The range asked, by default the last 30 UTC days. */
const range = (q: z.infer<typeof UsageQuery>) => ({
  from: q.from ?? new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10),
  to: q.to ?? new Date().toISOString().slice(0, 10),
});

const csvCell = (value: string | number) => (/[",\n\r]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));

/** The usage explorer: metered usage per day and meter of the member's organization (optionally one project), and its CSV. */
const usageExplorerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['usage'];

  app.get('/', { schema: { tags, querystring: UsageQuery, response: { 200: MeteredDays } } }, async (request) => {
    const orgId = request.user!.organization_id;
    if (!orgId) return { data: [] };
    const { from, to } = range(request.query);
    return { data: await meteredUsage(app.readPg, orgId, from, to, request.query.projectId) };
  });

  app.get('/export', { schema: { tags, querystring: UsageQuery } }, async (request, reply) => {
    const orgId = request.user!.organization_id;
    const { from, to } = range(request.query);
    const rows = orgId ? await meteredUsage(app.readPg, orgId, from, to, request.query.projectId) : [];
    const lines = ['day,meter,quantity,credits,events', ...rows.map((r) => [r.day, r.meter, r.quantity, r.credits, r.events].map(csvCell).join(','))];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="usage-${from}-${to}.csv"`)
      .send(`${lines.join('\n')}\n`);
  });
};

export default usageExplorerRoutes;
