import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { connectRedis, queuePrefix, type RedisConnection } from '../../platform/redis.ts';
import { QUEUE_NAMES, type QueueName } from '../../platform/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: RedisConnection;
    queues: Record<QueueName, Queue>;
  }
}

/**
 * The API's Redis: it only adds jobs and counts rate limits, so it fails fast: a command waits at
 * most REDIS_COMMAND_TIMEOUT_MS, and none is queued while Redis is unreachable (BullMQ's "failing
 * fast when Redis is down"). It reconnects by itself, with backoff.
 */
export default fp(
  async (app) => {
    const redis = connectRedis(app.config, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: app.config.REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 5000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection error'));
    const queues = Object.fromEntries(
      QUEUE_NAMES.map((name) => {
        const queue = new Queue(name, { connection: redis, prefix: queuePrefix(app.config.REDIS_PREFIX, name) });
        queue.on('error', (err) => app.log.warn({ queue: name, err: err.message }, 'queue error'));
        return [name, queue];
      }),
    ) as Record<QueueName, Queue>;
    app.decorate<RedisConnection>('redis', redis);
    app.decorate('queues', queues);
    app.addHook('onClose', async () => {
      await Promise.all(Object.values(queues).map((q) => q.close().catch(() => {})));
      redis.disconnect();
    });
  },
  { name: 'queues', dependencies: ['config'] },
);
