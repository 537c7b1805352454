import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { loadState } from '../eventstore/command-handler.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { Tx } from '../eventstore/transaction.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { apiKeyDecider } from './decider.ts';
import { apiKeyStreamId } from './events.ts';

export const KEY_PREFIX = 'ab_live_';
/** How many characters of a key are kept to show it (the `ab_live_` part and 6 of the secret). */
const SHOWN = KEY_PREFIX.length + 6;
const HASH_KIND = 'api_key_hash';
const WELL_FORMED = /^ab_live_[A-Za-z0-9_-]{43}$/;

/** Who an API key acts for. */
export interface KeyIdentity {
  keyId: string;
  orgId: string;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const isWellFormedKey = (key: string) => WELL_FORMED.test(key);

/** `ab_live_` + 32 random bytes in base64url: shown once, stored only as its hash. */
export function newKey(): { key: string; hash: string; prefix: string } {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashKey(key), prefix: key.slice(0, SHOWN) };
}

/** Creates a key inside the caller's transaction: its stream, and the hash -> key id reservation that finds it. */
export async function createKey(tx: Tx, input: { orgId: string; name: string; createdBy: string; metadata: EventMetadata }) {
  const keyId = randomUUID();
  const { key, hash, prefix } = newKey();
  const at = new Date().toISOString();
  await tx.run(apiKeyDecider, apiKeyStreamId(keyId), { type: 'CreateApiKey', data: { keyId, orgId: input.orgId, name: input.name, prefix, hash, createdBy: input.createdBy, at } }, {
    metadata: input.metadata,
    expected: 'no_stream',
  });
  await reserve(tx.client, HASH_KIND, hash, keyId, 'key');
  return { id: keyId, name: input.name.trim(), key, prefix, createdAt: at };
}

/** The live key of this hash, from the log (never a read model): null for an unknown or revoked one. */
export async function keyByHash(pool: pg.Pool, store: EventStore, hash: string): Promise<KeyIdentity | null> {
  const keyId = await reservationOwner(pool, HASH_KIND, hash);
  if (!keyId) return null;
  const state = await loadState(store, apiKeyDecider, apiKeyStreamId(keyId));
  return state.exists && !state.revoked && state.hash === hash ? { keyId, orgId: state.orgId } : null;
}

const TOUCH_EVERY_MS = 60_000;

/** Records that a key was used, at most once a minute per key in this process (never awaited on the hot path). */
export function lastUseRecorder(pool: pg.Pool, onError: (err: unknown) => void) {
  const touched = new Map<string, number>();
  return (keyId: string) => {
    const now = Date.now();
    if (now - (touched.get(keyId) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(keyId, now);
    if (touched.size > 10_000) touched.delete(touched.keys().next().value as string);
    pool
      .query(
        `INSERT INTO api_key_uses (key_id, last_used_at) VALUES ($1, now())
         ON CONFLICT (key_id) DO UPDATE SET last_used_at = GREATEST(api_key_uses.last_used_at, EXCLUDED.last_used_at)`,
        [keyId],
      )
      .catch(onError);
  };
}
