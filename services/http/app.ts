import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import auth from './plugins/auth.ts';
import config from './plugins/config.ts';
import db from './plugins/db.ts';
import errors from './plugins/errors.ts';
import eventstore from './plugins/eventstore.ts';
import queueBoard from './plugins/queue-board.ts';
import queues from './plugins/queues.ts';
import swagger from './plugins/swagger.ts';
import web from './plugins/web.ts';
import { registerRoutes } from './routes.ts';

export const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]', 'res.headers["set-cookie"]'];

/** The whole API as one plugin tree; `server.ts` only boots it. */
export async function buildApp(cfg: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: cfg.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    trustProxy: true,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024 * 2,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(config, { config: cfg });
  await app.register(errors);
  await app.register(swagger);
  await app.register(db);
  await app.register(queues);
  await app.register(eventstore);
  await app.register(auth);
  await registerRoutes(app);
  await app.register(queueBoard);
  if (cfg.SERVE_WEB) await app.register(web);
  return app;
}
