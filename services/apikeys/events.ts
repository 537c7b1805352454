import type { DomainEvent } from '../eventstore/types.ts';

/** `hash` is the SHA-256 of the secret (never the secret); `prefix` its first characters, for display. */
export type ApiKeyCreated = DomainEvent<
  'ApiKeyCreated',
  { keyId: string; orgId: string; name: string; prefix: string; hash: string; createdBy: string; at: string }
>;
export type ApiKeyRevoked = DomainEvent<'ApiKeyRevoked', { keyId: string; orgId: string; revokedBy: string; at: string }>;
export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;

export interface ApiKeyState {
  exists: boolean;
  orgId: string;
  name: string;
  hash: string;
  revoked: boolean;
  revokedAt: string | null;
}

export const apiKeyStreamId = (keyId: string) => `api_key-${keyId}`;

export const initialApiKeyState = (): ApiKeyState => ({ exists: false, orgId: '', name: '', hash: '', revoked: false, revokedAt: null });

export function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyCreated':
      return { exists: true, orgId: event.data.orgId, name: event.data.name, hash: event.data.hash, revoked: false, revokedAt: null };
    case 'ApiKeyRevoked':
      return { ...state, revoked: true, revokedAt: event.data.at };
  }
}
