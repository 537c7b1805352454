import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DuplicateError } from '../platform/errors.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import { roleStreamId } from '../roles/events.ts';
import { roleDecider } from '../roles/decider.ts';
import { userDecider } from '../users/decider.ts';
import { accountStatus, userStreamId, type AccountStatus } from '../users/events.ts';
import { loadState } from '../eventstore/command-handler.ts';

export interface Identity {
  email: string;
  name: string;
  givenName: string;
  avatarUrl: string | null;
}

export const SYSTEM_ROLES = { admin: ['admin'], member: [] as string[] } as const;

/** Creates the roles the product relies on (admin, member) when missing; answers their ids. */
export async function ensureSystemRoles(app: FastifyInstance, correlationId?: string): Promise<Record<keyof typeof SYSTEM_ROLES, string>> {
  const ids = {} as Record<keyof typeof SYSTEM_ROLES, string>;
  for (const [name, permissions] of Object.entries(SYSTEM_ROLES) as [keyof typeof SYSTEM_ROLES, string[]][]) {
    const existing = await reservationOwner(app.pg, 'role_name', name);
    if (existing) {
      ids[name] = existing;
      continue;
    }
    const roleId = randomUUID();
    try {
      await app.commands.transaction(async (tx) => {
        const outcome = await tx.run(roleDecider, roleStreamId(roleId), { type: 'CreateRole', data: { roleId, name, permissions, at: new Date().toISOString() } }, {
          metadata: { actor: 'system', ...(correlationId ? { correlation_id: correlationId } : {}) },
          expected: 'no_stream',
        });
        await reserve(tx.client, 'role_name', name, roleId, 'name');
        return outcome;
      });
      ids[name] = roleId;
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
      ids[name] = (await reservationOwner(app.pg, 'role_name', name))!;
    }
  }
  return ids;
}

/**
 * Finds the account of an email, or registers it: inactive unless an admin email or NEW_ACCOUNTS_ACTIVE.
 * `correlationId`: the sign-in request's id, carried by the events it appends.
 */
export async function findOrRegister(app: FastifyInstance, identity: Identity, correlationId?: string): Promise<string> {
  const email = identity.email.trim().toLowerCase();
  const existing = await reservationOwner(app.pg, 'email', email);
  if (existing) return existing;
  const roles = await ensureSystemRoles(app, correlationId);
  const isAdmin = app.config.ADMIN_EMAILS.includes(email);
  const userId = randomUUID();
  try {
    // Like every command, this waits (bounded) for the read models to show it; the session itself
    // never needs them: it is read from the user's stream.
    await app.commands.transaction(async (tx) => {
      const outcome = await tx.run(
        userDecider,
        userStreamId(userId),
        {
          type: 'RegisterUser',
          data: {
            userId,
            email,
            name: identity.name,
            givenName: identity.givenName,
            avatarUrl: identity.avatarUrl,
            active: isAdmin || app.config.NEW_ACCOUNTS_ACTIVE,
            roleIds: isAdmin ? [roles.member, roles.admin] : [roles.member],
            at: new Date().toISOString(),
          },
        },
        { metadata: { actor: userId, ...(correlationId ? { correlation_id: correlationId } : {}) }, expected: 'no_stream' },
      );
      await reserve(tx.client, 'email', email, userId, 'email');
      return outcome;
    });
    return userId;
  } catch (err) {
    if (err instanceof DuplicateError) return (await reservationOwner(app.pg, 'email', email))!;
    throw err;
  }
}

/** An account's status from its own stream (never a read model): right after sign-in too. */
export async function accountStatusOf(app: FastifyInstance, userId: string): Promise<AccountStatus> {
  return accountStatus(await loadState(app.store, userDecider, userStreamId(userId)));
}
