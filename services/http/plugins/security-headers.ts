import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../platform/config.ts';
import { QUEUE_BOARD_PATH } from './auth.ts';

export const API_DOCS_PATH = '/api/docs';

type Directives = Record<string, string[]>;

/** The built web app: its own scripts and styles only (React's style props go through the CSSOM, which CSP allows). */
export function appDirectives(config: Config): Directives {
  const contact = config.contactFormOrigin ? [config.contactFormOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...contact],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...contact],
    'frame-src': ["'self'", ...contact],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(config.NODE_ENV === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Bull-board renders inline styles and a <style> block: allowed on its pages only (its font link to Google is removed). */
export function queueBoardDirectives(config: Config): Directives {
  return { ...appDirectives(config), 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"] };
}

/** Swagger UI at /api/docs sets inline styles. */
export function apiDocsDirectives(config: Config): Directives {
  return { ...appDirectives(config), 'script-src': ["'self'"], 'style-src': ["'self'", "'unsafe-inline'"] };
}

const under = (url: string, path: string) => url === path || url.startsWith(`${path}/`);

/**
 * The headers helmet sets for these options, worked out once. (@fastify/helmet built helmet's
 * middleware again on every request, parsing the policy each time: ~2% of the API's CPU on reads.)
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, res as never, () => {});
  return [...headers];
}

/** Security headers on every answer (helmet), with a Content-Security-Policy that lets our own pages run. */
export default fp(
  async (app) => {
    const production = app.config.NODE_ENV === 'production';
    const headersWith = (directives: Directives) =>
      helmetHeaders({
        contentSecurityPolicy: { useDefaults: false, directives },
        strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
      });
    const everywhere = headersWith(appDirectives(app.config));
    const board = headersWith(queueBoardDirectives(app.config));
    const docs = headersWith(apiDocsDirectives(app.config));
    // On the raw response, as helmet does: answers written straight to it (server-sent events) carry them too.
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url ?? '';
      const headers = under(route, QUEUE_BOARD_PATH) ? board : under(route, API_DOCS_PATH) ? docs : everywhere;
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
