import type { EventStore } from '../eventstore/store.ts';
import { loadStates } from '../eventstore/command-handler.ts';
import { roleDecider } from '../roles/decider.ts';
import { roleStreamId } from '../roles/events.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';

/** Who a signed-in caller is and what they may do: what every request needs. */
export interface UserIdentity {
  id: string;
  email: string;
  name: string;
  given_name: string;
  avatar_url: string | null;
  is_active: boolean;
  organization_id: string | null;
  roles: { id: string; name: string }[];
  permissions: string[];
}

/**
 * Users' identities from the log itself (their streams, then the streams of their roles: two round
 * trips for any number), never from a read model: signing in and every permission check work while
 * the read models catch up. Users that do not exist are left out.
 */
export async function loadIdentities(store: EventStore, userIds: string[]): Promise<Map<string, UserIdentity>> {
  const users = await loadStates(store, userDecider, userIds.map(userStreamId));
  const roleIds = [...new Set(users.flatMap((user) => (user.exists ? user.roles : [])))];
  const roleStates = await loadStates(store, roleDecider, roleIds.map(roleStreamId));
  const roles = new Map(roleIds.map((id, i) => [id, roleStates[i]!]));
  const identities = new Map<string, UserIdentity>();
  userIds.forEach((userId, i) => {
    const user = users[i]!;
    if (!user.exists) return;
    const held = [...new Set(user.roles)].flatMap((id) => {
      const state = roles.get(id)!;
      return state.exists ? [{ id, state }] : [];
    });
    identities.set(userId, {
      id: userId,
      email: user.email,
      name: user.name,
      given_name: user.givenName,
      avatar_url: user.avatarUrl,
      is_active: user.active,
      organization_id: user.orgId,
      roles: held.map((r) => ({ id: r.id, name: r.state.name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      permissions: [...new Set(held.flatMap((r) => r.state.permissions))].sort(),
    });
  });
  return identities;
}
