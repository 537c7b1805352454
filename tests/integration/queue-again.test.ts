import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { queueAgain, type QueueName } from '../../services/platform/jobs.ts';
import { queuePrefix } from '../../services/platform/redis.ts';
import { keepSchedulers } from '../../workers/schedulers.ts';
import { deleteRedisPrefix, REDIS_URL } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';

/**
 * Queues that come back by themselves after Redis lost part of them. A sweep queues again, by fixed job ids, what Postgres says is still to do. A Redis flushed under a
 * running job leaves a hash in no list (the worker wrote the job's failure into it): a plain `add`
 * of that id did nothing for ever, and an outbound webhook stayed pending (seen in a full run).
 */
const prefix = `qa-${randomUUID().slice(0, 8)}`;
const redis = new Redis(REDIS_URL);
const queue = new Queue('sweepy', { connection: { url: REDIS_URL }, prefix: queuePrefix(prefix, 'sweepy') });
const job = (jobId: string) => ({ name: 'deliver', data: { jobId }, opts: { jobId, removeOnComplete: true, removeOnFail: true } });

afterAll(async () => {
  await queue.close();
  await deleteRedisPrefix(prefix);
  redis.disconnect();
});

describe('queueAgain', () => {
  it('replaces a leftover hash in no list, which a plain add keeps', async () => {
    const jobKey = `${queuePrefix(prefix, 'sweepy')}:sweepy:orphan`;
    // What the worker leaves when the job's hash and lists were deleted under it.
    await redis.hset(jobKey, { ats: '1', atm: '1', processedOn: String(Date.now()), finishedOn: String(Date.now()), failedReason: 'no handler for sweepy/undefined' });
    await queue.add('deliver', { jobId: 'orphan' }, { jobId: 'orphan' });
    expect(await queue.getJobState('orphan')).toBe('unknown');

    await queueAgain(queue, [job('orphan')]);
    expect(await queue.getJobState('orphan')).toBe('waiting');
    expect((await queue.getJob('orphan'))?.data).toEqual({ jobId: 'orphan' });
  });

  it('replaces a finished job kept in Redis, and leaves a waiting or delayed one in its place', async () => {
    await queue.add('deliver', { jobId: 'late' }, { jobId: 'late', delay: 60_000 });
    await queue.add('deliver', { jobId: 'queued' }, { jobId: 'queued' });
    await queue.add('deliver', { jobId: 'done' }, { jobId: 'done' });
    const done = (await queue.getJob('done'))!;
    await redis.zadd(`${queuePrefix(prefix, 'sweepy')}:sweepy:completed`, Date.now(), 'done');
    await redis.lrem(`${queuePrefix(prefix, 'sweepy')}:sweepy:wait`, 0, 'done');
    expect(await done.getState()).toBe('completed');

    await queueAgain(queue, [job('late'), job('queued'), job('done')]);
    expect(await queue.getJobState('late')).toBe('delayed');
    expect(await queue.getJobState('queued')).toBe('waiting');
    expect(await queue.getJobState('done')).toBe('waiting');
    expect(await queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 3, delayed: 1 });
  });
});

describe('keepSchedulers', () => {
  it("registers again a scheduler whose next job died with a flushed Redis (the scheduler itself still there)", async () => {
    const queues = { ledger: queue } as unknown as Record<QueueName, Queue>;
    const kept = await keepSchedulers(queues, [{ queue: 'ledger', id: 'tick', everyMs: 60_000, job: 'sweep' }], 50, pino({ level: 'silent' }));
    try {
      const next = Number((await queue.getJobScheduler('tick'))!.next);
      const jobId = `repeat:tick:${next}`;
      expect(RUNS.has(await queue.getJobState(jobId))).toBe(true);
      // What a flush under the running job leaves: the job gone from every list, its hash rewritten by the worker's failure.
      const base = `${queuePrefix(prefix, 'sweepy')}:sweepy`;
      await redis.zrem(`${base}:delayed`, jobId);
      await redis.lrem(`${base}:wait`, 0, jobId);
      await redis.del(`${base}:${jobId}`);
      await redis.hset(`${base}:${jobId}`, { ats: '1', failedReason: 'no handler for ledger/undefined', finishedOn: String(Date.now()) });
      expect(await queue.getJobScheduler('tick')).toBeTruthy();
      expect(await queue.getJobState(jobId)).toBe('unknown');
      await waitFor('the scheduler to run again', async () => {
        const found = await queue.getJobScheduler('tick');
        return found !== undefined && RUNS.has(await queue.getJobState(`repeat:tick:${Number(found.next)}`));
      }, 10_000);
      expect((await queue.getJobSchedulers()).map((j) => j.key)).toEqual(['tick']);
    } finally {
      kept.stop();
    }
  });

});

const RUNS = new Set(['delayed', 'waiting', 'active']);
