import { RETRYABLE, type Failure } from './errors.ts';

export interface RetryPolicy {
  maxRetries: number;
  backoffMs: number;
  maxBackoffMs: number;
  /** The longest retry-after we wait for; a provider asking for more fails the call at once. */
  maxWaitMs: number;
}

/** What the provider asked us to wait, from `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Pick<Headers, 'get'> | undefined, now: number): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/**
 * How long to wait before retry number `retry` (1 for the first), or null when the call should fail
 * now: the failure cannot be helped by trying again, the retries are spent, or the provider asks
 * for a longer wait than we allow. Without a retry-after: exponential backoff with up to 25% jitter.
 */
export function retryDelay(failure: Failure, retry: number, policy: RetryPolicy, random: () => number = Math.random): number | null {
  if (!RETRYABLE.has(failure.kind) || retry > policy.maxRetries) return null;
  if (failure.retryAfterMs !== undefined) return failure.retryAfterMs <= policy.maxWaitMs ? failure.retryAfterMs : null;
  const step = Math.min(policy.backoffMs * 2 ** (retry - 1), policy.maxBackoffMs);
  return Math.round(step * (1 - random() * 0.25));
}

/** Waits, unless the signal ends the wait first (then resolves false). */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(slept);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
