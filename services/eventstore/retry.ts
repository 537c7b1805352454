import { ConcurrencyError, DuplicateCommandError } from './errors.ts';

/** The one retry policy of the write side: how often a clash with another writer is read again and decided again. */
export const RETRY_POLICY = { maxAttempts: 50, maxDelayMs: 25 } as const;

const DEADLOCK = '40P01';

/** Another writer moved a stream, stored one of our keys, or deadlocked with us: reading again and deciding again helps. */
export const isClash = (err: unknown) =>
  err instanceof ConcurrencyError || err instanceof DuplicateCommandError || (err as { code?: string })?.code === DEADLOCK;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it does not clash, with jittered exponential backoff; answers its value and the attempts it took. */
export async function retryOnClash<T>(attempt: (n: number) => Promise<T>, maxAttempts: number = RETRY_POLICY.maxAttempts): Promise<{ value: T; attempts: number }> {
  for (let n = 1; ; n++) {
    try {
      return { value: await attempt(n), attempts: n };
    } catch (err) {
      if (!isClash(err) || n >= maxAttempts) throw err;
      await sleep(Math.random() * Math.min(2 ** n, RETRY_POLICY.maxDelayMs));
    }
  }
}
