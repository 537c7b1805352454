import type { Projection } from '../types.ts';
import type { UserEvent } from '../../services/users/events.ts';

export const usersProjection: Projection<UserEvent> = {
  name: 'users',
  version: 1,
  handles: [
    'UserRegistered',
    'UserProfileUpdated',
    'UserActivated',
    'UserDeactivated',
    'RoleAssignedToUser',
    'RoleRemovedFromUser',
    'UserJoinedOrganization',
    'UserLeftOrganization',
  ] satisfies UserEvent['type'][],
  tables: ['users', 'user_roles'],
  schema: (t) => `
    CREATE TABLE ${t('users')} (
      id              uuid PRIMARY KEY,
      email           text NOT NULL,
      name            text NOT NULL,
      given_name      text NOT NULL,
      avatar_url      text,
      is_active       boolean NOT NULL,
      organization_id uuid,
      created_at      timestamptz NOT NULL,
      updated_at      timestamptz NOT NULL,
      position        bigint NOT NULL
    );
    CREATE TABLE ${t('user_roles')} (
      user_id uuid NOT NULL,
      role_id uuid NOT NULL,
      PRIMARY KEY (user_id, role_id)
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('users')}_lower_idx ON ${t('users')} (lower(email));
    CREATE INDEX IF NOT EXISTS ${t('users')}_organization_id_idx ON ${t('users')} (organization_id);`,
  async apply(db, events, t) {
    for (const event of events) {
            const pos = event.globalPosition;
      const set = (assignments: string, values: unknown[]) =>
        db.query(
          `UPDATE ${t('users')} SET ${assignments}, updated_at = $2, position = $3 WHERE id = $1 AND position < $3`,
          [event.data.userId, event.data.at, pos, ...values],
        );
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await db.query(
            `INSERT INTO ${t('users')} (id, email, name, given_name, avatar_url, is_active, created_at, updated_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) ON CONFLICT (id) DO NOTHING`,
            [d.userId, d.email, d.name, d.givenName, d.avatarUrl, d.active, d.at, pos],
          );
          break;
        }
        case 'UserProfileUpdated':
          await set('name = $4, given_name = coalesce($5, given_name), avatar_url = CASE WHEN $6 THEN $7 ELSE avatar_url END', [
            event.data.name,
            event.data.givenName ?? null,
            event.data.avatarUrl !== undefined,
            event.data.avatarUrl ?? null,
          ]);
          break;
        case 'UserActivated':
        case 'UserDeactivated':
          await set('is_active = $4', [event.type === 'UserActivated']);
          break;
        case 'UserJoinedOrganization':
          await set('organization_id = $4', [event.data.orgId]);
          break;
        case 'UserLeftOrganization':
          await set('organization_id = CASE WHEN organization_id = $4 THEN NULL ELSE organization_id END', [event.data.orgId]);
          break;
        case 'RoleAssignedToUser':
          await db.query(`INSERT INTO ${t('user_roles')} (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
            event.data.userId,
            event.data.roleId,
          ]);
          break;
        case 'RoleRemovedFromUser':
          await db.query(`DELETE FROM ${t('user_roles')} WHERE user_id = $1 AND role_id = $2`, [event.data.userId, event.data.roleId]);
          break;
      }
    }
  },
};
