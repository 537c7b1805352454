import type { Queryable } from '../../services/eventstore/store.ts';

export interface OrgMemberRow {
  userId: string;
  name: string;
  email: string;
  role: 'owner' | 'billing' | 'member';
  joinedAt: string;
}

/** An organization's members with their names and emails, first joined first. */
export async function listOrgMembers(db: Queryable, orgId: string): Promise<OrgMemberRow[]> {
  const res = await db.query(
    `SELECT m.user_id::text AS "userId", coalesce(u.name, '') AS name, coalesce(u.email, '') AS email, m.role,
            to_char(m.joined_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "joinedAt"
       FROM org_members m LEFT JOIN users u ON u.id = m.user_id
      WHERE m.org_id = $1 ORDER BY m.joined_at, m.user_id`,
    [orgId],
  );
  return res.rows;
}
