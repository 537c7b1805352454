import { describe, expect, it } from 'vitest';
import { isUnavailable, withTimeout } from './unavailable.ts';

describe('isUnavailable', () => {
  it('recognises a lost, refused, stalled or restarting store', () => {
    expect(isUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isUnavailable(new Error('CLUSTERDOWN The cluster is down'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('Failed to refresh slots cache.'), { name: 'ClusterAllFailedError' }))).toBe(true);
    expect(isUnavailable(new Error('Too many Cluster redirections. Last error: Error: Connection is closed.'))).toBe(true);
    expect(isUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe(true);
  });

  it('leaves our own mistakes and the caller\'s alone (they stay 500 or 4xx)', () => {
    expect(isUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
  });

  it('bounds a call that never answers with an error it recognises', async () => {
    const err = await withTimeout(new Promise(() => {}), 20, 'redis').catch((e: unknown) => e);
    expect(isUnavailable(err)).toBe(true);
    expect(await withTimeout(Promise.resolve(7), 20, 'fast')).toBe(7);
  });
});
