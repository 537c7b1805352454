import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConnectReadModels } from '../eventstore/read-models.ts';
import type { Config } from '../platform/config.ts';
import auditKey from './plugins/audit-key.ts';
import auth from './plugins/auth.ts';
import board from './plugins/board.ts';
import bodyLimits from './plugins/body-limits.ts';
import config from './plugins/config.ts';
import credits from './plugins/credits.ts';
import db from './plugins/db.ts';
import errors from './plugins/errors.ts';
import eventstore from './plugins/eventstore.ts';
import identities from './plugins/identities.ts';
import { serializerCompiler } from './serializer.ts';
import jsonOnly from './plugins/json-only.ts';
import storableText from './plugins/storable-text.ts';
import queueBoard from './plugins/queue-board.ts';
import queues from './plugins/queues.ts';
import rateLimits from './plugins/rate-limits.ts';
import affinity from './plugins/affinity.ts';
import readYourWrites from './plugins/read-your-writes.ts';
import securityHeaders from './plugins/security-headers.ts';
import swagger from './plugins/swagger.ts';
import web from './plugins/web.ts';
import metrics from './plugins/metrics.ts';
import orgRoles from './plugins/org-roles.ts';
import { registerRoutes } from './routes.ts';

export const REDACTED_PATHS = ['req.headers.cookie', 'req.headers.authorization', 'req.headers["stripe-signature"]', 'res.headers["set-cookie"]'];

/** An incoming X-Request-Id (a proxy's) or X-Correlation-Id is kept when it looks like one; otherwise we make our own. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
export const requestIdOf = (header: string | string[] | undefined) =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();

/** Where and how the API listens: a deep accept queue, so that a burst of connections waits instead of being reset. */
export const listenOptions = (cfg: Config, port = cfg.PORT) => ({ host: cfg.HOST, port, backlog: 2048 });

/** One log line per request, when it is answered, at debug (the default info level shows none); a failed answer stays an error. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildOptions {
  /** Where log lines go (default: stdout); tests read them back. */
  logStream?: DestinationStream;
  /** Connects appends to the read models (the entry points give the projections'); without it commands do not wait. */
  connectReadModels?: ConnectReadModels;
}

/** The whole API as one plugin tree; the entry points (`bin/api.ts`, `bin/start.ts`) only boot it. */
export async function buildApp(cfg: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: cfg.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Only a proxy we were told about may say who the client is (X-Forwarded-For): rate limits count by address.
    trustProxy: cfg.TRUST_PROXY,
    // One id per request, in every log line of it (reqId), in the answer (X-Request-Id), and as the
    // correlation id of every event it appends.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id'] ?? req.headers['x-correlation-id']),
    logController: new OneLinePerRequest(),
    bodyLimit: cfg.BODY_LIMIT_BYTES,
    // A request must arrive whole within HTTP_REQUEST_TIMEOUT_MS; a socket idle for HTTP_SOCKET_TIMEOUT_MS
    // (a client that stopped reading its answer, or sending) is closed.
    // (Node reads requestTimeout when the server is created: it goes in `http` too, with how often it is checked.)
    requestTimeout: cfg.HTTP_REQUEST_TIMEOUT_MS,
    http: { requestTimeout: cfg.HTTP_REQUEST_TIMEOUT_MS, connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(cfg.HTTP_REQUEST_TIMEOUT_MS / 3))) },
    connectionTimeout: cfg.HTTP_SOCKET_TIMEOUT_MS,
    // Once an answer is handed to the kernel Node swaps the socket's idle timeout for the keep-alive one
    // (Fastify's 72 s): a client that never reads its answer then kept its socket past HTTP_SOCKET_TIMEOUT_MS.
    keepAliveTimeout: Math.min(cfg.HTTP_SOCKET_TIMEOUT_MS, 72_000),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(config, { config: cfg });
  await app.register(errors);
  await app.register(bodyLimits);
  await app.register(metrics);
  await app.register(securityHeaders);
  await app.register(jsonOnly);
  await app.register(storableText);
  await app.register(swagger);
  await app.register(db);
  await app.register(auditKey);
  await app.register(queues);
  await app.register(eventstore, { connectReadModels: options.connectReadModels });
  await app.register(credits);
  await app.register(identities);
  await app.register(auth);
  await app.register(orgRoles);
  await app.register(rateLimits);
  await app.register(readYourWrites);
  await app.register(affinity);
  await app.register(board);
  await registerRoutes(app);
  await app.register(queueBoard);
  if (cfg.SERVE_WEB) await app.register(web);
  return app;
}
