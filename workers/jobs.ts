/** One typed registry of every queue, its job names and their payloads. */
export interface JobRegistry {
  projector: {
    'catch-up': { projection: string };
    'catch-up-all': Record<string, never>;
  };
  replay: {
    rebuild: { projection: string };
  };
  'stripe-webhooks': {
    apply: { eventId: string };
    sweep: Record<string, never>;
  };
}

export type QueueName = keyof JobRegistry;
export type JobName<Q extends QueueName> = keyof JobRegistry[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobRegistry[Q][N];

export const QUEUE_NAMES: readonly QueueName[] = ['projector', 'replay', 'stripe-webhooks'];

/** Every job name of every queue: a worker refuses to start when one has no handler. */
export const JOB_NAMES: { [Q in QueueName]: JobName<Q>[] } = {
  projector: ['catch-up', 'catch-up-all'],
  replay: ['rebuild'],
  'stripe-webhooks': ['apply', 'sweep'],
};

/** Job ids cannot contain ':' nor be all digits. */
export const catchUpJobId = (projection: string) => `catch-up-${projection}`;
export const rebuildJobId = (projection: string) => `rebuild-${projection}`;

/** A catch-up that fails (a projection throwing on an event) is retried with backoff. */
export const CATCH_UP_OPTIONS = {
  attempts: 50,
  backoff: { type: 'exponential', delay: 200 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

export const catchUpJob = (projection: string) => ({
  name: 'catch-up' as const,
  data: { projection },
  opts: { ...CATCH_UP_OPTIONS, deduplication: { id: catchUpJobId(projection), keepLastIfActive: true } },
});
