import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../platform/errors.ts';

/**
 * Routes whose bodies may pass the default limit (BODY_LIMIT_BYTES, 64 KB): an object component's
 * structure may come as 200,000 characters of JSON text; a project's context file may be 5 MB. The Stripe
 * webhook sets its own limit.
 * Fastify refuses a larger body with 413 from its content-length before reading it, and while
 * reading a chunked one.
 */
export const LARGE_BODIES: Record<string, number> = {
  'POST /api/admin/components': 512 * 1024,
  'POST /api/admin/components/': 512 * 1024,
  'PUT /api/admin/components/:id': 512 * 1024,
  // A context file of up to 5 MB (services/projectfiles), with its multipart framing.
  'POST /api/projects/:id/files': 5 * 1024 * 1024 + 64 * 1024,
  // Up to 1,000 metered usage events (services/usage), each with an id of up to 200 characters and its properties.
  'POST /api/usage/events': 2 * 1024 * 1024,
  'POST /api/usage/quote': 2 * 1024 * 1024,
};

/** Deeper JSON than this is refused before it is parsed: no body of this API nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of a JSON text, scanned without parsing it (strings skipped). Stops early past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

class TooDeep extends ValidationError {
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit !== undefined) return;
      const limit = [route.method].flat().map((m) => LARGE_BODIES[`${m} ${route.url}`]).find(Boolean);
      if (limit) route.bodyLimit = limit;
    });
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      // Many HTTP clients and SDKs send `content-type: application/json` on every call, a DELETE without a
      // body too: such a request is one without a body (a route that needs one says so in its 400), not
      // Fastify's FST_ERR_CTP_EMPTY_JSON_BODY.
      if (text === '') return done(null, undefined);
      if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(new TooDeep(), undefined);
      return parseJson(request, text, done);
    });
  },
  { name: 'body-limits' },
);
