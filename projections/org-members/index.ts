import type { Projection } from '../types.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';

type Handled = Extract<OrgEvent, { type: 'OrganizationCreated' | 'MemberJoined' | 'MemberRoleChanged' | 'MemberLeft' }>;

/**
 * Who belongs to which organization, in which role: the admin's organizations and users tables.
 * The organization's stream decides membership; this is only what admins list.
 */
export const orgMembersProjection: Projection<Handled> = {
  name: 'org_members',
  version: 1,
  handles: ['OrganizationCreated', 'MemberJoined', 'MemberRoleChanged', 'MemberLeft'] satisfies Handled['type'][],
  tables: ['org_members'],
  schema: (t) => `
    CREATE TABLE ${t('org_members')} (
      org_id    uuid NOT NULL,
      user_id   uuid NOT NULL,
      role      text NOT NULL,
      joined_at timestamptz NOT NULL,
      position  bigint NOT NULL,
      PRIMARY KEY (org_id, user_id)
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('org_members')}_user_id_idx ON ${t('org_members')} (user_id);`,
  async apply(db, events, t) {
    for (const event of events) {
      const pos = event.globalPosition;
      switch (event.type) {
        case 'OrganizationCreated':
        case 'MemberJoined': {
          const userId = event.type === 'OrganizationCreated' ? event.data.createdBy : event.data.userId;
          const role = event.type === 'OrganizationCreated' ? 'owner' : event.data.role;
          await db.query(
            `INSERT INTO ${t('org_members')} AS m (org_id, user_id, role, joined_at, position) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (org_id, user_id) DO UPDATE SET role = EXCLUDED.role, joined_at = EXCLUDED.joined_at, position = EXCLUDED.position
              WHERE m.position < EXCLUDED.position`,
            [event.data.orgId, userId, role, event.data.at, pos],
          );
          break;
        }
        case 'MemberRoleChanged':
          await db.query(`UPDATE ${t('org_members')} SET role = $3, position = $4 WHERE org_id = $1 AND user_id = $2 AND position < $4`, [
            event.data.orgId,
            event.data.userId,
            event.data.role,
            pos,
          ]);
          break;
        case 'MemberLeft':
          await db.query(`DELETE FROM ${t('org_members')} WHERE org_id = $1 AND user_id = $2 AND position < $3`, [event.data.orgId, event.data.userId, pos]);
          break;
      }
    }
  },
};
