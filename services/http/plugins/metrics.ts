import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { creditsDebitDuration, creditsDebits, httpRequestDuration, metricsText, tokenMatches, type DebitOutcome } from '../../platform/metrics.ts';
import { clusterMetrics } from '../cluster-metrics.ts';

/** The routes that debit credits: counted by outcome (from the status) and by how the caller signed in. */
export const DEBIT_ROUTES = new Set(['POST /api/usage']);

const debitOutcome = (status: number): DebitOutcome =>
  status === 200 ? 'ok' : status === 402 ? 'insufficient' : status === 409 ? 'conflict' : 'error';

const viaOf = (request: FastifyRequest) => (/^bearer\s/i.test(request.headers.authorization ?? '') ? 'api_key' : 'session');

/**
 * The route label: the route's pattern; every static file (hashed asset names change with each
 * deploy) is one label, so the series do not grow with deploys.
 */
export const routeLabel = (route: string | undefined) => {
  if (!route) return 'unmatched';
  if (route.startsWith('/api/') || route === '/metrics' || route.startsWith('/health')) return route;
  return route.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(route) ? 'static' : route;
};

/** GET /metrics (Prometheus text), and the request and debit metrics of every answer. */
export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      const seconds = reply.elapsedTime / 1000;
      const status = reply.statusCode;
      httpRequestDuration.observe({ method: request.method, route: routeLabel(route), status_class: `${Math.floor(status / 100)}xx` }, seconds);
      if (route && DEBIT_ROUTES.has(`${request.method} ${route}`)) {
        creditsDebits.inc({ outcome: debitOutcome(status), via: viaOf(request) });
        creditsDebitDuration.observe(seconds);
      }
      done();
    });

    const cluster = clusterMetrics(app);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = app.config.METRICS_TOKEN;
      if (token && !tokenMatches(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'unauthenticated', message: 'A metrics token is required' });
      }
      const { contentType, body } = await metricsText(cluster);
      return reply.type(contentType).send(body);
    });
  },
  { name: 'metrics', dependencies: ['config'] },
);
