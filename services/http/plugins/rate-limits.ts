import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import type { Config } from '../../platform/config.ts';

type Bucket = 'sign-in' | 'checkout' | 'usage' | 'contact';

/** The routes an attacker would hammer (guessing sign-ins, card testing, draining credits) and their bucket. */
export const LIMITED_ROUTES: Record<string, Bucket> = {
  'POST /api/auth/dev-login': 'sign-in',
  'GET /api/auth/google': 'sign-in',
  'GET /api/auth/google/callback': 'sign-in',
  'POST /api/stripe/create-checkout-session': 'checkout',
  'POST /api/usage': 'usage',
  'POST /api/usage/holds': 'usage',
  'POST /api/contact': 'contact',
};

const maxOf = (config: Config, bucket: Bucket): number => {
  switch (bucket) {
    case 'sign-in':
    case 'contact':
      return config.RATE_LIMIT_SIGN_IN;
    case 'checkout':
      return config.RATE_LIMIT_CHECKOUT;
    case 'usage':
      return config.RATE_LIMIT_USAGE;
    default: {
      const unknown: never = bucket;
      throw new Error(`unknown rate-limit bucket ${unknown}`);
    }
  }
};

export class TooManyRequests extends DomainError {
  constructor(retryAfterSeconds: number) {
    const message = `Too many requests: try again in ${retryAfterSeconds} s`;
    super(429, 'too_many_requests', message, { error: message, retryAfter: retryAfterSeconds });
  }
}

/** An API key is counted by key, a signed-in caller by session, anyone else by address; the contact form always by address (like sign-in for visitors). */
const callerKey = (request: FastifyRequest, bucket: Bucket) => {
  if (request.apiKey && bucket === 'usage') return `key:${request.apiKey.keyId}`;
  return request.user && bucket !== 'contact' ? `session:${request.user.sessionId}` : `ip:${request.ip}`;
};

/**
 * Limits on sign-in, checkout, usage and the contact form, counted in Redis (shared by every API process).
 * RATE_LIMIT=off (benchmarks, tests) registers nothing.
 */
export default fp(
  async (app) => {
    if (app.config.RATE_LIMIT === 'off') return;
    await app.register(rateLimit, {
      global: false,
      redis: app.redis,
      nameSpace: `${app.config.REDIS_PREFIX}:rate-limit:`,
      skipOnError: true,
      errorResponseBuilder: (_request, context) => new TooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    const limiters = new Map<Bucket, onRequestHookHandler>();
    const limiterFor = (bucket: Bucket) => {
      if (!limiters.has(bucket)) {
        limiters.set(
          bucket,
          app.rateLimit({
            max: maxOf(app.config, bucket),
            timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
            keyGenerator: (request) => `${bucket}:${callerKey(request, bucket)}`,
          }) as onRequestHookHandler,
        );
      }
      return limiters.get(bucket)!;
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      const bucket = methods.map((m) => LIMITED_ROUTES[`${m} ${route.url}`]).find(Boolean);
      if (!bucket) return;
      route.onRequest = [...([route.onRequest].flat().filter(Boolean) as onRequestHookHandler[]), limiterFor(bucket)];
    });
  },
  { name: 'rate-limits', dependencies: ['auth', 'queues'] },
);
