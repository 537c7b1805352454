import type { Projection } from '../types.ts';
import type { RoleEvent } from '../../services/roles/events.ts';

export const rolesProjection: Projection<RoleEvent> = {
  name: 'roles',
  version: 1,
  handles: ['RoleCreated', 'PermissionAddedToRole', 'PermissionRemovedFromRole'] satisfies RoleEvent['type'][],
  tables: ['roles', 'role_permissions'],
  schema: (t) => `
    CREATE TABLE ${t('roles')} (
      id         uuid PRIMARY KEY,
      name       text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE ${t('role_permissions')} (
      role_id    uuid NOT NULL,
      permission text NOT NULL,
      PRIMARY KEY (role_id, permission)
    );`,
  async apply(db, events, t) {
    for (const event of events) {
            switch (event.type) {
        case 'RoleCreated':
          await db.query(`INSERT INTO ${t('roles')} (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
            event.data.roleId,
            event.data.name,
            event.data.at,
          ]);
          break;
        case 'PermissionAddedToRole':
          await db.query(`INSERT INTO ${t('role_permissions')} (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
            event.data.roleId,
            event.data.permission,
          ]);
          break;
        case 'PermissionRemovedFromRole':
          await db.query(`DELETE FROM ${t('role_permissions')} WHERE role_id = $1 AND permission = $2`, [
            event.data.roleId,
            event.data.permission,
          ]);
          break;
      }
    }
  },
};
