import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
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

/** Security headers on every answer (helmet), with a Content-Security-Policy that lets our own pages run. */
export default fp(
  async (app) => {
    const production = app.config.NODE_ENV === 'production';
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(app.config) },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    const relaxed = (directives: Directives) => ({ helmet: { contentSecurityPolicy: { useDefaults: false, directives } } });
    const board = relaxed(queueBoardDirectives(app.config));
    const docs = relaxed(apiDocsDirectives(app.config));
    app.addHook('onRoute', (route) => {
      if (under(route.url, QUEUE_BOARD_PATH)) route.config = Object.assign(route.config ?? {}, board);
      else if (under(route.url, API_DOCS_PATH)) route.config = Object.assign(route.config ?? {}, docs);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
