import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisConnectionOptions } from '../../config.ts';
import { QUEUE_NAMES, type QueueName } from '../../../workers/jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis;
    queues: Record<QueueName, Queue>;
  }
}

export default fp(
  async (app) => {
    const redis = new Redis({ ...redisConnectionOptions(app.config.REDIS_URL), maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection error'));
    const queues = Object.fromEntries(
      QUEUE_NAMES.map((name) => [name, new Queue(name, { connection: redis, prefix: app.config.REDIS_PREFIX })]),
    ) as Record<QueueName, Queue>;
    app.decorate('redis', redis);
    app.decorate('queues', queues);
    app.addHook('onClose', async () => {
      await Promise.all(Object.values(queues).map((q) => q.close()));
      redis.disconnect();
    });
  },
  { name: 'queues', dependencies: ['config'] },
);
