import { describe, expect, it, vi } from 'vitest';
import { IdentityCache } from './identity-cache.ts';
import type { UserIdentity } from './identity.ts';
import { sessionKey } from './sessions.ts';

const identity = (id: string, active = true): UserIdentity => ({
  id, email: `${id}@example.com`, name: id, given_name: id, avatar_url: null, is_active: active, organization_id: null, roles: [], permissions: [],
});

function sources() {
  const users = new Map<string, UserIdentity>([['u1', identity('u1')]]);
  const calls = { owner: 0, identity: 0 };
  let gate: Promise<void> = Promise.resolve();
  return {
    users,
    calls,
    hold(p: Promise<void>) {
      gate = p;
    },
    owner: async () => {
      calls.owner++;
      return { userId: 'u1', expiresAt: Date.now() + 60_000 };
    },
    apiKey: async () => null,
    identity: async (userId: string) => {
      calls.identity++;
      const value = users.get(userId) ?? null;
      await gate;
      return value;
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
});
