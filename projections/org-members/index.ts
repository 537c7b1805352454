import { insertRows } from '../rows.ts';
import type { Projection } from '../types.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';
import type { UserEvent } from '../../services/users/events.ts';

type Handled =
  | Extract<OrgEvent, { type: 'OrganizationCreated' | 'MemberJoined' | 'MemberRoleChanged' | 'MemberLeft' }>
  | Extract<UserEvent, { type: 'UserRegistered' | 'UserProfileUpdated' }>;

const NAME_COLUMNS = [['user_id', 'uuid', 'userId'], ['name', 'text'], ['email', 'text']] as const;

/**
 * Who belongs to which organization, in which role: the admin's organizations and users tables.
 * The organization's stream decides membership; this is only what admins list. Each organization's
 * members also stand as one list (`org_member_lists`, with their names and emails), which the admin
 * organizations page reads with a row: built per page row, the list cost Postgres more than the rest
 * of the page (pgbench, a page of 10 of 1,000 organizations: 11,746 pages/s, 24,675 with the lists).
 * So the names and emails of every account are kept here too (`org_member_names`), as a read model
 * keeps only what its own events say.
 */
export const orgMembersProjection: Projection<Handled> = {
  name: 'org_members',
  // 2: each organization's members as one list, with the names and emails its users' events give.
  version: 2,
  handles: ['OrganizationCreated', 'MemberJoined', 'MemberRoleChanged', 'MemberLeft', 'UserRegistered', 'UserProfileUpdated'] satisfies Handled['type'][],
  tables: ['org_members', 'org_member_names', 'org_member_lists'],
  schema: (t) => `
    CREATE TABLE ${t('org_members')} (
      org_id    uuid NOT NULL,
      user_id   uuid NOT NULL,
      role      text NOT NULL,
      joined_at timestamptz NOT NULL,
      position  bigint NOT NULL,
      PRIMARY KEY (org_id, user_id)
    );
    CREATE TABLE ${t('org_member_names')} (
      user_id uuid PRIMARY KEY,
      name    text NOT NULL,
      email   text NOT NULL
    );
    CREATE TABLE ${t('org_member_lists')} (
      org_id  uuid PRIMARY KEY,
      members jsonb NOT NULL
    );
    CREATE INDEX ON ${t('org_members')} (user_id);`,
  async apply(db, events, t) {
    const registered: { userId: string; name: string; email: string }[] = [];
    const renamed = new Map<string, string>();
    const changed = new Set<string>();
    for (const event of events) {
      const pos = event.globalPosition;
      switch (event.type) {
        case 'UserRegistered':
          registered.push({ userId: event.data.userId, name: event.data.name, email: event.data.email });
          break;
        case 'UserProfileUpdated':
          renamed.set(event.data.userId, event.data.name);
          break;
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
          changed.add(event.data.orgId);
          break;
        }
        case 'MemberRoleChanged':
          await db.query(`UPDATE ${t('org_members')} SET role = $3, position = $4 WHERE org_id = $1 AND user_id = $2 AND position < $4`, [
            event.data.orgId,
            event.data.userId,
            event.data.role,
            pos,
          ]);
          changed.add(event.data.orgId);
          break;
        case 'MemberLeft':
          await db.query(`DELETE FROM ${t('org_members')} WHERE org_id = $1 AND user_id = $2 AND position < $3`, [event.data.orgId, event.data.userId, pos]);
          changed.add(event.data.orgId);
          break;
      }
    }
    // An account's registration comes before its renames, in this batch or an earlier one.
    await insertRows(db, t('org_member_names'), NAME_COLUMNS, registered);
    if (renamed.size > 0) {
      await db.query(`UPDATE ${t('org_member_names')} n SET name = u.name FROM unnest($1::uuid[], $2::text[]) AS u(user_id, name) WHERE n.user_id = u.user_id`, [
        [...renamed.keys()],
        [...renamed.values()],
      ]);
    }
    if (changed.size === 0 && renamed.size === 0) return;
    // The lists of the organizations whose members changed, and of those a renamed account is in.
    await db.query(
      `WITH changed AS (SELECT unnest($1::uuid[]) AS org_id UNION SELECT m.org_id FROM ${t('org_members')} m WHERE m.user_id = ANY($2::uuid[]))
       INSERT INTO ${t('org_member_lists')} AS l (org_id, members)
       SELECT c.org_id, coalesce((SELECT jsonb_agg(jsonb_build_object('userId', m.user_id::text, 'name', coalesce(n.name, ''), 'email', coalesce(n.email, ''), 'role', m.role)
                                  ORDER BY m.joined_at, m.user_id)
                                  FROM ${t('org_members')} m LEFT JOIN ${t('org_member_names')} n ON n.user_id = m.user_id WHERE m.org_id = c.org_id), '[]')
         FROM changed c
       ON CONFLICT (org_id) DO UPDATE SET members = EXCLUDED.members`,
      [[...changed], [...renamed.keys()]],
    );
  },
};
