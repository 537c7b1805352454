import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import auth from './plugins/auth.ts';
import config from './plugins/config.ts';
import db from './plugins/db.ts';
import errors from './plugins/errors.ts';
import eventstore from './plugins/eventstore.ts';
import jsonOnly from './plugins/json-only.ts';
import storableText from './plugins/storable-text.ts';
import queueBoard from './plugins/queue-board.ts';
import queues from './plugins/queues.ts';
import rateLimits from './plugins/rate-limits.ts';
import securityHeaders from './plugins/security-headers.ts';
import swagger from './plugins/swagger.ts';
import web from './plugins/web.ts';
import { registerRoutes } from './routes.ts';

export const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]', 'res.headers["set-cookie"]'];

export interface BuildOptions {
  /** Where log lines go (default: stdout); tests read them back. */
  logStream?: DestinationStream;
}

/** The whole API as one plugin tree; `server.ts` only boots it. */
export async function buildApp(cfg: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: cfg.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Only a proxy we were told about may say who the client is (X-Forwarded-For): rate limits count by address.
    trustProxy: cfg.TRUST_PROXY,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024 * 2,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(config, { config: cfg });
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(jsonOnly);
  await app.register(storableText);
  await app.register(swagger);
  await app.register(db);
  await app.register(queues);
  await app.register(eventstore);
  await app.register(auth);
  await app.register(rateLimits);
  await registerRoutes(app);
  await app.register(queueBoard);
  if (cfg.SERVE_WEB) await app.register(web);
  return app;
}
