import type { Queryable } from '../../services/eventstore/store.ts';

/** Every role with the names of its permissions, oldest first. */
export async function listRoles(db: Queryable): Promise<{ id: string; name: string; permissions: string[] }[]> {
  const res = await db.query(
    `SELECT r.id::text, r.name, coalesce(array_agg(rp.permission ORDER BY rp.permission) FILTER (WHERE rp.permission IS NOT NULL), '{}') AS permissions
       FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id
      GROUP BY r.id, r.name, r.created_at
      ORDER BY r.created_at, r.name`,
  );
  return res.rows;
}
