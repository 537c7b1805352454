import type { Queryable } from '../../services/eventstore/store.ts';
import { pageAnswer, type PageQuery, pageSql, totalRows } from '../../services/platform/paging.ts';
import { subscriptionSql } from '../orgs/queries.ts';

const adminUsers = {
  sortable: { id: 'u.id', name: 'lower(u.name)', email: 'lower(u.email)', is_active: 'u.is_active' },
  searchable: ['u.name', 'u.email', 'u.id::text'],
  tieBreak: 'u.id',
};

/** The admin users table with each user's organization, roles and permissions: every row, or one page. */
export async function listAdminUsers<R>(db: Queryable, query: PageQuery) {
  const sub = subscriptionSql('o');
  const page = pageSql(query, adminUsers);
  const res = await db.query(
    `SELECT u.id::text, u.name, u.email, u.is_active, u.organization_id::text,
            CASE WHEN o.id IS NULL THEN NULL
                 ELSE json_build_object('name', o.name, 'credits', o.credit_balance::float8, 'subscription', ${sub.select},
                                       'role', (SELECT m.role FROM org_members m WHERE m.org_id = o.id AND m.user_id = u.id)) END AS organization,
            coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                        FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
            coalesce((SELECT array_agg(DISTINCT rp.permission ORDER BY rp.permission)
                        FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id), '{}') AS permissions
            ${query.page ? `, ${totalRows('users u', page.where)}` : ''}
       FROM users u LEFT JOIN orgs o ON o.id = u.organization_id ${sub.join}
       ${page.where} ${query.page ? page.order : 'ORDER BY u.created_at, u.id'} ${page.limit}`,
    page.params,
  );
  return pageAnswer<R>(query, res.rows, async () => (await db.query(`SELECT count(*)::int AS n FROM users u ${page.where}`, page.whereParams)).rows[0].n);
}

/** A user with the organization they belong to (profile page), or null. */
export async function userWithOrganization(db: Queryable, userId: string) {
  const sub = subscriptionSql('o');
  const res = await db.query(
    `SELECT u.id, u.name, u.given_name, u.email, u.avatar_url, u.organization_id::text,
            o.id::text AS org_id, o.name AS org_name, o.credit_balance::float8 AS credits, o.is_active AS org_active, o.cancelled_plan,
            ${sub.select} AS subscription
       FROM users u LEFT JOIN orgs o ON o.id = u.organization_id ${sub.join}
      WHERE u.id = $1`,
    [userId],
  );
  return res.rows[0] ?? null;
}

/** The users the read model says hold a role (the candidates; their streams decide). */
export async function usersWithRole(db: Queryable, roleId: string, except?: string): Promise<string[]> {
  const res = await db.query('SELECT user_id::text AS id FROM user_roles WHERE role_id = $1 AND user_id IS DISTINCT FROM $2::uuid', [roleId, except ?? null]);
  return res.rows.map((r) => r.id as string);
}

/** Names and emails of these users, by id (ids the read model does not know are left out). */
export async function namesOf(db: Queryable, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const res = await db.query('SELECT id::text, name, email FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(res.rows.map((r) => [r.id as string, { name: r.name as string, email: r.email as string }]));
}
