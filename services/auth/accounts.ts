import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DuplicateError } from '../eventstore/errors.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import { roleStreamId } from '../roles/events.ts';
import { roleDecider } from '../roles/decider.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';

export interface Identity {
  email: string;
  name: string;
  givenName: string;
  avatarUrl: string | null;
}

/** A session is read through the users read model: a new account waits longer for it than other commands do. */
const SIGN_IN_WAIT_MS = 15_000;

export const SYSTEM_ROLES = { admin: ['admin'], member: [] as string[] } as const;

/** Creates the roles the product relies on (admin, member) when missing; answers their ids. */
export async function ensureSystemRoles(app: FastifyInstance): Promise<Record<keyof typeof SYSTEM_ROLES, string>> {
  const ids = {} as Record<keyof typeof SYSTEM_ROLES, string>;
  for (const [name, permissions] of Object.entries(SYSTEM_ROLES) as [keyof typeof SYSTEM_ROLES, string[]][]) {
    const existing = await reservationOwner(app.pg, 'role_name', name);
    if (existing) {
      ids[name] = existing;
      continue;
    }
    const roleId = randomUUID();
    try {
      const created = await app.commands.transaction(async (tx) => {
        const outcome = await tx.run(roleDecider, roleStreamId(roleId), { type: 'CreateRole', data: { roleId, name, permissions, at: new Date().toISOString() } }, {
          metadata: { actor: 'system' },
          expected: 'no_stream',
        });
        await reserve(tx.client, 'role_name', name, roleId, 'name');
        return outcome;
      });
      if (created.append) await app.progress.waitFor(created.events.map((e) => e.type), created.append.position, SIGN_IN_WAIT_MS);
      ids[name] = roleId;
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
      ids[name] = (await reservationOwner(app.pg, 'role_name', name))!;
    }
  }
  return ids;
}

/** Finds the account of an email, or registers it: inactive unless an admin email or NEW_ACCOUNTS_ACTIVE. */
export async function findOrRegister(app: FastifyInstance, identity: Identity): Promise<string> {
  const email = identity.email.trim().toLowerCase();
  const existing = await reservationOwner(app.pg, 'email', email);
  if (existing) return existing;
  const roles = await ensureSystemRoles(app);
  const isAdmin = app.config.ADMIN_EMAILS.includes(email);
  const userId = randomUUID();
  try {
    const registered = await app.commands.transaction(async (tx) => {
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
        { metadata: { actor: userId }, expected: 'no_stream' },
      );
      await reserve(tx.client, 'email', email, userId, 'email');
      return outcome;
    });
    if (registered.append) await app.progress.waitFor(registered.events.map((e) => e.type), registered.append.position, SIGN_IN_WAIT_MS);
    return userId;
  } catch (err) {
    if (err instanceof DuplicateError) return (await reservationOwner(app.pg, 'email', email))!;
    throw err;
  }
}
