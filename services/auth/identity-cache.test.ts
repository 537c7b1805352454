import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityCache } from './identity-cache.ts';
import type { UserIdentity } from './identity.ts';
import { sessionKey } from './sessions.ts';

const identity = (id: string, active = true): UserIdentity => ({
  id, email: `${id}@example.com`, name: id, given_name: id, avatar_url: null, is_active: active, organization_id: null, roles: [], permissions: [],
});

/** Fake stores: every session belongs to u1 unless ended; `calls` counts reads (a batch is one), `asked` what they asked for. */
function sources() {
  const users = new Map<string, UserIdentity>([['u1', identity('u1')]]);
  const ended = new Set<string>();
  const calls = { owner: 0, identity: 0 };
  const asked = { owners: [] as string[][], identities: [] as string[][] };
  let gate: Promise<void> = Promise.resolve();
  return {
    users,
    ended,
    calls,
    asked,
    hold(p: Promise<void>) {
      gate = p;
    },
    owners: async (sessionIds: string[]) => {
      calls.owner++;
      asked.owners.push(sessionIds);
      return new Map(sessionIds.filter((id) => !ended.has(id)).map((id) => [id, { userId: 'u1', expiresAt: Date.now() + 600_000 }]));
    },
    apiKey: async () => null,
    identities: async (userIds: string[]) => {
      calls.identity++;
      asked.identities.push(userIds);
      const found = userIds.flatMap((id) => (users.has(id) ? [[id, users.get(id)!] as const] : []));
      await gate;
      return new Map(found);
    },
  };
}

describe('IdentityCache', () => {
  it('reads the stores once while notifications are heard, and again after the user changed', async () => {
    const s = sources();
    const cache = new IdentityCache(s);
    cache.connected();
    await cache.sessionUser('sid');
    await cache.sessionUser('sid');
    expect(s.calls).toEqual({ owner: 1, identity: 1 });
    s.users.set('u1', identity('u1', false));
    cache.changed('user-u1');
    expect((await cache.sessionUser('sid'))?.is_active).toBe(false);
    expect(s.calls.identity).toBe(2);
  });

  it('makes a session user once per identity read and session, and anew with the identity read again', async () => {
    const s = sources();
    const cache = new IdentityCache(s);
    cache.connected();
    const first = await cache.sessionUser('sid');
    expect(cache.cachedSessionUser('sid')).toBe(first);
    const other = cache.cachedSessionUser('sid2') ?? (await cache.sessionUser('sid2'));
    expect(other).toMatchObject({ id: 'u1', sessionId: 'sid2' });
    expect(cache.cachedSessionUser('sid')).toEqual({ ...identity('u1'), sessionId: 'sid' });
    s.users.set('u1', { ...identity('u1'), name: 'Renamed' });
    cache.changed('user-u1');
    const renamed = await cache.sessionUser('sid');
    expect(renamed).toMatchObject({ name: 'Renamed', sessionId: 'sid' });
    expect(cache.cachedSessionUser('sid')).toBe(renamed);
  });

  it("verifies a session cookie's signature once per session, again after the session ended, and never keeps a bad one", () => {
    const cache = new IdentityCache(sources(), { maxEntries: 2 });
    cache.connected();
    const verify = vi.fn((raw: string) => (raw.endsWith('.good') ? raw.slice(0, -'.good'.length) : null));
    expect(cache.sessionOfCookie('sid.good', verify)).toBe('sid');
    expect(cache.sessionOfCookie('sid.good', verify)).toBe('sid');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(cache.sessionOfCookie('sid.bad', verify)).toBeNull();
    expect(cache.sessionOfCookie('sid.bad', verify)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(3);
    cache.changed(sessionKey('sid'));
    expect(cache.sessionOfCookie('sid.good', verify)).toBe('sid');
    expect(verify).toHaveBeenCalledTimes(4);
    // Bounded: the oldest cookie goes first.
    cache.sessionOfCookie('a.good', verify);
    cache.sessionOfCookie('b.good', verify);
    expect(cache.size).toBe(2);
    cache.sessionOfCookie('sid.good', verify);
    expect(verify).toHaveBeenCalledTimes(7);
  });

  it('caches nothing while notifications are not heard', async () => {
    const s = sources();
    const cache = new IdentityCache(s);
    await cache.sessionUser('sid');
    await cache.sessionUser('sid');
    expect(s.calls).toEqual({ owner: 2, identity: 2 });
    cache.connected();
    await cache.sessionUser('sid');
    cache.lost();
    await cache.sessionUser('sid');
    expect(s.calls.identity).toBe(4);
  });

  it('forgets an ended session by its key, and every identity when a role changes', async () => {
    const s = sources();
    const cache = new IdentityCache(s);
    cache.connected();
    await cache.sessionUser('sid');
    cache.changed(sessionKey('sid'));
    await cache.sessionUser('sid');
    expect(s.calls.owner).toBe(2);
    cache.changed('role-any');
    await cache.sessionUser('sid');
    expect(s.calls.identity).toBe(2);
  });

  it('does not keep an answer read while a change arrived (it may predate the change)', async () => {
    const s = sources();
    const cache = new IdentityCache(s);
    cache.connected();
    let release!: () => void;
    s.hold(new Promise<void>((r) => (release = r)));
    const reading = cache.sessionUser('sid');
    await vi.waitFor(() => expect(s.calls.identity).toBe(1));
    cache.changed('user-u1');
    release();
    await reading;
    s.hold(Promise.resolve());
    await cache.sessionUser('sid');
    expect(s.calls.identity).toBe(2);
  });

  it('reads an API key once, and again only after its stream changed', async () => {
    let reads = 0;
    const owner = { keyId: 'k1', orgId: 'o1' };
    const cache = new IdentityCache({ ...sources(), apiKey: async () => (reads++, owner) });
    cache.connected();
    expect(await cache.apiKey('h1')).toEqual(owner);
    expect(await cache.apiKey('h1')).toEqual(owner);
    expect(reads).toBe(1);
    cache.changed('api_key-other');
    await cache.apiKey('h1');
    expect(reads).toBe(1);
    cache.changed('api_key-k1');
    await cache.apiKey('h1');
    expect(reads).toBe(2);
  });

  describe('refresh', () => {
    afterEach(() => vi.useRealTimers());

    /** A live cache on a fake clock (TTL 60 s) and its fake stores. */
    const liveCache = () => {
      vi.useFakeTimers();
      const s = sources();
      const cache = new IdentityCache(s, { ttlMs: 60_000 });
      cache.connected();
      return { s, cache };
    };
    /** These sessions read, then 31 s later served again: due for a refresh. */
    const inUse = async (cache: IdentityCache, sids: string[]) => {
      for (const sid of sids) await cache.sessionUser(sid);
      vi.advanceTimersByTime(31_000);
      for (const sid of sids) cache.cachedSessionUser(sid);
    };

    it('reads every session and identity in use again, together, before they expire, so no request waits', async () => {
      const { s, cache } = liveCache();
      for (const sid of ['a', 'b', 'c']) await cache.sessionUser(sid);
      expect(s.calls).toEqual({ owner: 3, identity: 1 });
      vi.advanceTimersByTime(31_000);
      await cache.refresh();
      // No session served since it was read: none read again (the identity was, by the second and third sessions).
      expect(s.calls).toEqual({ owner: 3, identity: 2 });
      expect(cache.cachedSessionUser('a')).not.toBeUndefined();
      expect(cache.cachedSessionUser('b')).not.toBeUndefined();
      await cache.refresh();
      expect(s.asked.owners.at(-1)).toEqual(['a', 'b']);
      expect(s.calls).toEqual({ owner: 4, identity: 2 });
      // Past the first TTL, the refreshed sessions are still served without a read; the one not in use expired.
      vi.advanceTimersByTime(31_000);
      expect(cache.cachedSessionUser('a')?.id).toBe('u1');
      expect(cache.cachedSessionUser('c')).toBeUndefined();
      await cache.sessionUser('c');
      expect(s.calls.owner).toBe(5);
    });

    it('reads many again in statements of at most 500', async () => {
      const { s, cache } = liveCache();
      const ids = Array.from({ length: 1_200 }, (_, i) => `s${i}`);
      await inUse(cache, ids);
      s.asked.owners.length = 0;
      await cache.refresh();
      expect(s.asked.owners.map((batch) => batch.length)).toEqual([500, 500, 200]);
      expect(new Set(s.asked.owners.flat())).toEqual(new Set(ids));
    });

    it('joins a refresh already running instead of reading the same entries again', async () => {
      const { s, cache } = liveCache();
      await inUse(cache, ['a']);
      let release!: () => void;
      s.hold(new Promise<void>((r) => (release = r)));
      const first = cache.refresh();
      const second = cache.refresh();
      release();
      await Promise.all([first, second]);
      expect(s.calls).toEqual({ owner: 2, identity: 2 });
    });

    it('drops what the stores no longer have: an ended session, a removed user', async () => {
      const { s, cache } = liveCache();
      await inUse(cache, ['a', 'b']);
      s.ended.add('a');
      await cache.refresh();
      expect(cache.cachedSessionUser('a')).toBeUndefined();
      expect(await cache.sessionUser('a')).toBeNull();
      vi.advanceTimersByTime(31_000);
      cache.cachedSessionUser('b');
      s.users.delete('u1');
      await cache.refresh();
      expect(cache.cachedSessionUser('b')).toBeUndefined();
      expect(await cache.sessionUser('b')).toBeNull();
    });

    it('keeps nothing it read while a change arrived, and reads nothing while notifications are not heard', async () => {
      const { s, cache } = liveCache();
      await inUse(cache, ['a']);
      let release!: () => void;
      s.hold(new Promise<void>((r) => (release = r)));
      const refreshing = cache.refresh();
      await vi.waitFor(() => expect(s.calls.identity).toBe(2));
      cache.changed('user-other');
      release();
      await refreshing;
      s.hold(Promise.resolve());
      vi.advanceTimersByTime(30_000);
      // Not kept afresh: it expired at its first TTL.
      expect(cache.cachedSessionUser('a')).toBeUndefined();
      cache.lost();
      await cache.refresh();
      expect(s.calls).toEqual({ owner: 2, identity: 2 });
    });
  });
});
