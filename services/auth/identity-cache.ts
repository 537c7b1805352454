import type { UserIdentity } from './identity.ts';
import { sessionKey, type SessionOwner, type SessionUser } from './sessions.ts';

export interface IdentitySources {
  /** The live sessions among these, with their owners. */
  owners(sessionIds: string[]): Promise<Map<string, SessionOwner>>;
  /** The identities of those of these users that exist. */
  identities(userIds: string[]): Promise<Map<string, UserIdentity>>;
  /** The live API key of this hash (unknown or revoked: null). */
  apiKey(hash: string): Promise<ApiKeyOwner | null>;
}

/** Who an API key acts for. */
export interface ApiKeyOwner {
  keyId: string;
  orgId: string;
}

export interface IdentityCacheOptions {
  /**
   * An entry is read again after this long even without a notification (belt and braces). Entries in
   * use are read again before that by `refresh`, many in one statement, so no request waits for it.
   */
  ttlMs?: number;
  /** Entries of each kind kept at most (the oldest go first). */
  maxEntries?: number;
}

/** At most this many entries are read again in one statement (a batch of a big process stays small). */
const REFRESH_CHUNK = 500;

interface Entry<T> {
  value: T;
  cachedAt: number;
  /** Served since it was read (so worth reading again before it expires). */
  used: boolean;
  /** What the source is asked for (a session's id; otherwise the key itself). */
  source: string;
}

/**
 * The sessions and identities of one process, so that a request costs no round trip to learn who
 * calls. Kept only while change notifications are heard (`connected`): a user's or role's stream
 * appended to, or a session ended, drops what it affects at once (`changed`), here and in every
 * other process. A lookup that raced with a change does not store its (maybe stale) answer.
 * API keys are cached the same way, by the hash of the secret: their stream `api_key-<id>` is
 * notified too (a revocation drops the key everywhere).
 */
export class IdentityCache {
  private readonly sessions = new Map<string, Entry<SessionOwner>>();
  private readonly identities = new Map<string, Entry<UserIdentity>>();
  private readonly apiKeys = new Map<string, Entry<ApiKeyOwner>>();
  /** Signed session cookies whose signature was verified here: the raw cookie's session id, and the cookie of each session key. */
  private readonly cookies = new Map<string, string>();
  private readonly cookieOf = new Map<string, string>();
  /** Each session id's key (`sessionKey`, a SHA-256): worked out once per session, not on every request. */
  private readonly keyOf = new Map<string, string>();
  /** The last session user made from each identity kept (`userOf`). */
  private readonly sessionUsers = new WeakMap<UserIdentity, SessionUser>();
  private epoch = 0;
  private refreshing: Promise<void> | null = null;
  private live = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly sources: IdentitySources,
    options: IdentityCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  async sessionUser(sessionId: string): Promise<SessionUser | null> {
    const cached = this.cachedSessionUser(sessionId);
    if (cached !== undefined) return cached;
    const owner = await this.read(this.sessions, this.keyOfSession(sessionId), sessionId, this.ownersOf);
    if (!owner || owner.expiresAt <= Date.now()) return null;
    const identity = await this.read(this.identities, owner.userId, owner.userId, this.identitiesOf);
    return identity ? this.userOf(identity, sessionId) : null;
  }

  /**
   * `sessionUser` answered from what is kept, without waiting: undefined when the session or its
   * identity is not kept (or kept too long), so that only `sessionUser` can say. The request path
   * takes this first: a signed-in request then costs no promise to learn who calls.
   */
  cachedSessionUser(sessionId: string): SessionUser | null | undefined {
    const owner = this.fresh(this.sessions, this.keyOfSession(sessionId));
    if (!owner) return undefined;
    if (owner.expiresAt <= Date.now()) return null;
    const identity = this.fresh(this.identities, owner.userId);
    return identity ? this.userOf(identity, sessionId) : undefined;
  }

  /**
   * The identity with its session, made once per identity read and session (not copied on every
   * request): an identity read again is a new object, so what was made from the old one is not used.
   */
  private userOf(identity: UserIdentity, sessionId: string): SessionUser {
    const made = this.sessionUsers.get(identity);
    if (made?.sessionId === sessionId) return made;
    const user = { ...identity, sessionId };
    this.sessionUsers.set(identity, user);
    return user;
  }

  /**
   * The session id a signed cookie carries, its signature verified once per session in this process
   * (`verify` answers null for a bad one, which is not kept). Whether the session is still live is
   * `sessionUser`'s to say; its end drops the cookie here too.
   */
  sessionOfCookie(raw: string, verify: (raw: string) => string | null): string | null {
    const known = this.cookies.get(raw);
    if (known !== undefined) return known;
    const sessionId = verify(raw);
    if (sessionId) {
      const key = this.keyOfSession(sessionId);
      this.forgetCookie(key);
      this.cookies.set(raw, sessionId);
      this.cookieOf.set(key, raw);
      if (this.cookies.size > this.maxEntries) this.forgetCookie(sessionKey(this.cookies.values().next().value as string));
    }
    return sessionId;
  }

  /** The live key whose secret hashes to `hash`, or null. */
  async apiKey(hash: string): Promise<ApiKeyOwner | null> {
    return this.read(this.apiKeys, hash, hash, this.apiKeysOf);
  }

  /**
   * Reads again, together, every entry that was served since it was read and is older than half the
   * TTL: one statement for the sessions, two for the identities (users, then roles), one per API key.
   * Run every quarter of the TTL, it keeps what is in use from ever expiring on a request, so a busy
   * process does not read each of its sessions again in the middle of its traffic. What is not in use
   * expires as before. An answer read while a change arrived is not kept (as in `read`). A call while
   * one runs (a slow store) joins it instead of reading the same entries again.
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.refreshDue().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshDue(): Promise<void> {
    if (!this.live) return;
    const epoch = this.epoch;
    const now = Date.now();
    const due = <T>(map: Map<string, Entry<T>>) => [...map].filter(([, e]) => e.used && now - e.cachedAt >= this.ttlMs / 2);
    const [sessions, identities, apiKeys] = [due(this.sessions), due(this.identities), due(this.apiKeys)];
    const [owners, users, keys] = await Promise.all([
      this.readAll(sessions, this.ownersOf),
      this.readAll(identities, this.identitiesOf),
      this.readAll(apiKeys, this.apiKeysOf),
    ]);
    if (!this.live || epoch !== this.epoch) return;
    this.keep(this.sessions, sessions, owners);
    this.keep(this.identities, identities, users);
    this.keep(this.apiKeys, apiKeys, keys);
  }

  /** A stream (or session) changed: drop what it affects. */
  changed(key: string): void {
    this.epoch++;
    if (key.startsWith('user-')) this.identities.delete(key.slice('user-'.length));
    else if (key.startsWith('session-')) {
      this.sessions.delete(key);
      this.forgetCookie(key);
    }
    else if (key.startsWith('api_key-')) this.forgetKey(key.slice('api_key-'.length));
    else this.identities.clear(); // a role: whoever holds it is read again
  }

  /** Notifications are heard (again): anything cached before may have missed one. */
  connected(): void {
    this.reset();
    this.live = true;
  }

  /** Notifications are not heard: every lookup reads the stores until they are again. */
  lost(): void {
    this.live = false;
    this.reset();
  }

  /** How often `refresh` should run: a quarter of the TTL, so an entry in use is read again before it expires. */
  get refreshEveryMs(): number {
    return this.ttlMs / 4;
  }

  get size(): number {
    return this.sessions.size + this.identities.size + this.apiKeys.size + this.cookies.size;
  }

  /** Drops the cookie of a session (by its key, as notifications name it). */
  private forgetCookie(key: string): void {
    const raw = this.cookieOf.get(key);
    if (raw === undefined) return;
    this.cookieOf.delete(key);
    this.cookies.delete(raw);
  }

  private forgetKey(keyId: string): void {
    for (const [hash, entry] of this.apiKeys) if (entry.value.keyId === keyId) this.apiKeys.delete(hash);
  }

  private reset(): void {
    this.epoch++;
    this.sessions.clear();
    this.identities.clear();
    this.apiKeys.clear();
    this.cookies.clear();
    this.cookieOf.clear();
  }

  private keyOfSession(sessionId: string): string {
    let key = this.keyOf.get(sessionId);
    if (key === undefined) {
      key = sessionKey(sessionId);
      this.keyOf.set(sessionId, key);
      if (this.keyOf.size > this.maxEntries) this.keyOf.delete(this.keyOf.keys().next().value as string);
    }
    return key;
  }

  /** A kept value younger than the TTL (marked as served), or undefined. */
  private fresh<T>(map: Map<string, Entry<T>>, key: string): T | undefined {
    const hit = map.get(key);
    if (!hit || Date.now() - hit.cachedAt >= this.ttlMs) return undefined;
    hit.used = true;
    return hit.value;
  }

  private async read<T>(map: Map<string, Entry<T>>, key: string, source: string, load: (sources: string[]) => Promise<Map<string, T>>): Promise<T | null> {
    const kept = this.fresh(map, key);
    if (kept !== undefined) return kept;
    const epoch = this.epoch;
    const value = (await load([source])).get(source) ?? null;
    if (value !== null && this.live && epoch === this.epoch) this.store(map, key, source, value);
    return value;
  }

  /** What `refresh` reads of one kind, REFRESH_CHUNK entries a statement (one for a process's usual few hundred). */
  private async readAll<T>(entries: [string, Entry<T>][], load: (sources: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    const values = new Map<string, T>();
    for (let i = 0; i < entries.length; i += REFRESH_CHUNK) {
      for (const [source, value] of await load(entries.slice(i, i + REFRESH_CHUNK).map(([, e]) => e.source))) values.set(source, value);
    }
    return values;
  }

  /** What `refresh` read: kept afresh, and what is gone (an ended session, a removed user, a revoked key) dropped. */
  private keep<T>(map: Map<string, Entry<T>>, entries: [string, Entry<T>][], values: Map<string, T>): void {
    for (const [key, entry] of entries) {
      const value = values.get(entry.source);
      if (value === undefined) map.delete(key);
      else this.store(map, key, entry.source, value);
    }
  }

  private store<T>(map: Map<string, Entry<T>>, key: string, source: string, value: T): void {
    map.delete(key);
    map.set(key, { value, cachedAt: Date.now(), used: false, source });
    if (map.size > this.maxEntries) map.delete(map.keys().next().value as string);
  }

  private readonly ownersOf = (sessionIds: string[]) => this.sources.owners(sessionIds);
  private readonly identitiesOf = (userIds: string[]) => this.sources.identities(userIds);

  /** API keys have no batch read: each due key is read on its own, together. */
  private readonly apiKeysOf = async (hashes: string[]): Promise<Map<string, ApiKeyOwner>> => {
    const owners = await Promise.all(hashes.map((hash) => this.sources.apiKey(hash)));
    return new Map(hashes.flatMap((hash, i) => (owners[i] ? [[hash, owners[i]] as const] : [])));
  };
}
