import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { metricsText, tokenMatches } from '../services/platform/metrics.ts';

/**
 * GET /metrics of a worker process (Prometheus text, METRICS_TOKEN bearer when set) and
 * GET /health/live, on METRICS_PORT. A tiny server of its own: a worker has no HTTP app.
 */
export async function serveMetrics(host: string, port: number, token: string | undefined, log: Logger): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || (path !== '/metrics' && path !== '/health/live')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    if (path === '/health/live') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
      return;
    }
    if (token && !tokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end(JSON.stringify({ error: 'unauthenticated' }));
      return;
    }
    try {
      const { contentType, body } = await metricsText();
      res.writeHead(200, { 'content-type': contentType }).end(body);
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'metrics could not be collected');
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'metrics unavailable' }));
    }
  });
  server.requestTimeout = 10_000;
  server.setTimeout(30_000);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.on('error', (err) => log.warn({ err: err.message }, 'metrics server error'));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
