import { describe, expect, it } from 'vitest';
import { LlmError, reasonFor, redact, type FailureKind } from './errors.ts';
import { retryAfterMs, retryDelay, sleep, type RetryPolicy } from './retry.ts';

const policy: RetryPolicy = { maxRetries: 3, backoffMs: 500, maxBackoffMs: 8000, maxWaitMs: 60_000 };
const headers = (h: Record<string, string>) => new Headers(h);

describe('retryAfterMs', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('backs off exponentially with at most 25% jitter, capped, for the failures worth another try', () => {
    expect(retryDelay({ kind: 'server_error', status: 502 }, 1, policy, () => 0)).toBe(500);
    expect(retryDelay({ kind: 'connection' }, 2, policy, () => 0)).toBe(1000);
    expect(retryDelay({ kind: 'timeout' }, 3, policy, () => 1)).toBe(1500);
    expect(retryDelay({ kind: 'timeout' }, 3, { ...policy, maxRetries: 9 }, () => 0)).toBe(2000);
    expect(retryDelay({ kind: 'timeout' }, 9, { ...policy, maxRetries: 9 }, () => 0)).toBe(8000);
  });

  it('waits what the provider asks, and gives up at once when it asks for more than the longest wait', () => {
    expect(retryDelay({ kind: 'rate_limited', retryAfterMs: 1000 }, 1, policy)).toBe(1000);
    expect(retryDelay({ kind: 'rate_limited', retryAfterMs: 3_600_000 }, 1, policy)).toBeNull();
  });

  it('stops after the last retry and never retries what another try cannot help', () => {
    expect(retryDelay({ kind: 'server_error' }, 4, policy)).toBeNull();
    expect(retryDelay({ kind: 'server_error' }, 1, { ...policy, maxRetries: 0 })).toBeNull();
    for (const kind of ['refused', 'provider_error', 'malformed', 'invalid_json', 'tool_loop', 'budget', 'aborted'] as FailureKind[]) {
      expect(retryDelay({ kind }, 1, policy)).toBeNull();
    }
  });
});

describe('sleep', () => {
  it('ends early, answering false, when the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
    expect(await sleep(1)).toBe(true);
  });
});

describe('redact and reasonFor', () => {
  it('takes the key and anything shaped like a key out of provider text', () => {
    const key = 'local-secret-key-123';
    expect(redact(`Incorrect API key provided: ${key}. Bearer ${key}`, key)).not.toContain(key);
    expect(redact('key sk-proj-abcdefghijklmnop is wrong', null)).toBe('key sk-[redacted] is wrong');
    expect(redact('x'.repeat(1000), null).length).toBeLessThan(400);
  });

  it('writes a sentence for people, with the status and the number of attempts', () => {
    expect(reasonFor({ kind: 'server_error', status: 503 }, 4, 60_000)).toBe('The model provider failed (HTTP 503) (4 attempts)');
    expect(reasonFor({ kind: 'timeout' }, 2, 1500)).toBe('The model provider sent nothing for 1.5 s (2 attempts)');
    expect(reasonFor({ kind: 'rate_limited', retryAfterMs: 3_600_000 }, 1, 60_000)).toBe(
      'The model provider is rate limiting us and asks to wait 3600 s',
    );
    expect(reasonFor({ kind: 'refused', status: 404, detail: 'model not found' }, 1, 60_000)).toBe(
      'The model provider refused the request (HTTP 404): model not found',
    );
    const error = new LlmError('timeout', 'r', 4);
    expect(error.message).toBe('r');
    expect(error).not.toHaveProperty('cause');
  });
});
