import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { redisConnectionOptions } from './config.ts';

/** Where Redis is: one server (REDIS_URL), or a Redis Cluster reached through some of its nodes (REDIS_CLUSTER_NODES). */
export interface RedisTarget {
  REDIS_URL: string;
  REDIS_CLUSTER_NODES?: string[];
}

/** A connection of either kind; both answer the commands the product uses (queues, rate limits, heartbeats). */
export type RedisConnection = Redis | Cluster;

/**
 * Connects to one server or to a cluster with the same options. In a cluster the options apply to each
 * node's connection, and the cluster itself keeps redirecting (MOVED/ASK) and refreshing its slot map.
 */
export function connectRedis(target: RedisTarget, options: RedisOptions = {}): RedisConnection {
  const server = redisConnectionOptions(target.REDIS_URL);
  if (!target.REDIS_CLUSTER_NODES?.length) return new Redis({ ...server, ...options });
  const { maxRetriesPerRequest, enableOfflineQueue, retryStrategy, lazyConnect, ...perNode } = options;
  const clusterOptions: ClusterOptions = {
    // BullMQ reads maxRetriesPerRequest from here in a cluster (null for its workers' blocking calls).
    redisOptions: { username: server.username, password: server.password, tls: server.tls, ...perNode, maxRetriesPerRequest },
    maxRedirections: 16,
    clusterRetryStrategy: retryStrategy ?? ((times) => Math.min(100 * times, 2000)),
    enableOfflineQueue,
    lazyConnect,
  };
  return new Cluster(
    target.REDIS_CLUSTER_NODES.map((node) => {
      const [host, port] = node.split(':');
      return { host, port: Number(port) };
    }),
    clusterOptions,
  );
}

/**
 * A queue's BullMQ prefix: the product's prefix and the queue's name as a hash tag, so that every key
 * of one queue lands in one cluster slot (BullMQ's scripts touch several keys of a queue at once) while
 * different queues spread over the cluster. The same on a single server, so keys never move.
 */
export const queuePrefix = (prefix: string, queue: string) => `${prefix}:{${queue}}`;

/** Deletes every key under a prefix (a test's, the benchmark's or a tool's own; never the whole database), on every master of a cluster. */
export async function deleteRedisPrefix(target: RedisTarget | string, prefix: string): Promise<void> {
  const redis = connectRedis(typeof target === 'string' ? { REDIS_URL: target } : target);
  redis.on('error', () => {}); // a failure shows in the commands below
  try {
    const nodes = redis instanceof Cluster ? await mastersOf(redis) : [redis];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        // One key at a time in a cluster: keys of one call may live in different slots.
        for (const key of keys) await node.del(key);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

async function mastersOf(cluster: Cluster): Promise<Redis[]> {
  if (cluster.status !== 'ready') await new Promise<void>((resolve, reject) => {
    cluster.once('ready', resolve);
    cluster.once('error', reject);
  });
  return cluster.nodes('master');
}
