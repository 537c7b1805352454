import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { evolveApiKey, initialApiKeyState, type ApiKeyEvent, type ApiKeyState } from './events.ts';

export type CreateApiKey = { type: 'CreateApiKey'; data: { keyId: string; orgId: string; name: string; prefix: string; hash: string; createdBy: string; at: string } };
/** `orgId`: the organization the caller acts for; a key of another one is not found. */
export type RevokeApiKey = { type: 'RevokeApiKey'; data: { keyId: string; orgId: string | null; revokedBy: string; at: string } };
export type ApiKeyCommand = CreateApiKey | RevokeApiKey;

function create({ data }: CreateApiKey, state: ApiKeyState): ApiKeyEvent[] {
  if (state.exists) throw new ConflictError('API key already exists');
  const name = data.name.trim();
  if (!name) throw new ValidationError('name: a key needs a name', 'name');
  return [{ type: 'ApiKeyCreated', data: { ...data, name } }];
}

/** Revoking a revoked key changes nothing (the answer is the same). */
function revoke({ data }: RevokeApiKey, state: ApiKeyState): ApiKeyEvent[] {
  if (!state.exists || (data.orgId !== null && data.orgId !== state.orgId)) throw new NotFoundError('API key');
  if (state.revoked) return [];
  return [{ type: 'ApiKeyRevoked', data: { keyId: data.keyId, orgId: state.orgId, revokedBy: data.revokedBy, at: data.at } }];
}

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey':
      return create(command, state);
    case 'RevokeApiKey':
      return revoke(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: initialApiKeyState,
  evolve: evolveApiKey,
  decide: decideApiKey,
};
