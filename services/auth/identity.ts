import type { EventStore } from '../eventstore/store.ts';
import { loadState } from '../eventstore/command-handler.ts';
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
 * A user's identity from the log itself (the user's stream, then the streams of their roles), never
 * from a read model: signing in and every permission check work while the read models catch up.
 */
export async function loadIdentity(store: EventStore, userId: string): Promise<UserIdentity | null> {
  const user = await loadState(store, userDecider, userStreamId(userId));
  if (!user.exists) return null;
  const roleIds = [...new Set(user.roles)];
  const roles = await Promise.all(roleIds.map(async (id) => ({ id, state: await loadState(store, roleDecider, roleStreamId(id)) })));
  const held = roles.filter((r) => r.state.exists);
  return {
    id: userId,
    email: user.email,
    name: user.name,
    given_name: user.givenName,
    avatar_url: user.avatarUrl,
    is_active: user.active,
    organization_id: user.orgId,
    roles: held.map((r) => ({ id: r.id, name: r.state.name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    permissions: [...new Set(held.flatMap((r) => r.state.permissions))].sort(),
  };
}
