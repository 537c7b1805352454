/** One typed registry of every queue, its job names and their payloads. */
export interface JobRegistry {
  projector: {
    'catch-up': { projection: string };
    'catch-up-all': Record<string, never>;
  };
}

export type QueueName = keyof JobRegistry;
export type JobName<Q extends QueueName> = keyof JobRegistry[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobRegistry[Q][N];

export const QUEUE_NAMES: readonly QueueName[] = ['projector'];

/** Job ids cannot contain ':' nor be all digits. */
export const catchUpJobId = (projection: string) => `catch-up-${projection}`;
