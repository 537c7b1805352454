import { loadState } from '../eventstore/command-handler.ts';
import { lockKey, reservationOwner } from '../eventstore/reservations.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { Tx } from '../eventstore/transaction.ts';
import { ConflictError } from '../platform/errors.ts';
import { usersWithRole } from '../../projections/users/queries.ts';
import { userDecider } from './decider.ts';
import { userStreamId, type UserState } from './events.ts';

export const LAST_ADMIN_MESSAGE = 'At least one active admin must remain';

/** The key every change that can take away an active admin locks first (see `keepAnActiveAdmin`). */
const GUARD = 'active-admins';

const userState = (store: EventStore, tx: Tx, userId: string) => loadState(store, userDecider, userStreamId(userId), tx.client);

const isActiveAdmin = (state: UserState, adminRoleId: string) => state.exists && state.active && state.roles.includes(adminRoleId);

/**
 * Refuses (409) a change that would leave no active holder of the `admin` role: removing
 * `removedRoleId` from `userId` when it is that role, or disabling `userId` (no role given).
 * Runs inside the change's transaction, before its append.
 *
 * Every such change first locks one reservation row, so two of them run one after the other and
 * the second sees what the first committed (read committed: each statement after the lock reads
 * the latest commits). Who holds the role is then read from the users' streams, the truth, not
 * from the read model, which may lag. The read model only names the candidates: one whose role
 * is not projected yet is left out, which can refuse a change a moment too early, never let the
 * last admin go. Changes that add an admin take no lock: they can only make the count larger.
 */
export async function keepAnActiveAdmin(store: EventStore, tx: Tx, userId: string, removedRoleId?: string): Promise<void> {
  const adminRoleId = await reservationOwner(tx.client, 'role_name', 'admin');
  if (!adminRoleId || (removedRoleId !== undefined && removedRoleId !== adminRoleId)) return;
  await lockKey(tx.client, GUARD);
  if (!isActiveAdmin(await userState(store, tx, userId), adminRoleId)) return;
  for (const id of await usersWithRole(tx.client, adminRoleId, userId)) {
    if (isActiveAdmin(await userState(store, tx, id), adminRoleId)) return;
  }
  throw new ConflictError(LAST_ADMIN_MESSAGE, { reason: 'last_admin' });
}
