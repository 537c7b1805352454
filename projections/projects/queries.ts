import type { Queryable } from '../../services/eventstore/store.ts';

export interface ProjectRow {
  id: string;
  name: string;
  description: string;
}

/** An organization's projects, newest first. */
export async function listProjects(db: Queryable, orgId: string, limit = 500): Promise<ProjectRow[]> {
  const res = await db.query({
    name: 'projects-of-org',
    text: 'SELECT id, name, description FROM projects WHERE org_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    values: [orgId, limit],
  });
  return res.rows;
}

/** One project, only within its organization. */
export async function findProject(db: Queryable, id: string, orgId: string): Promise<ProjectRow | null> {
  const res = await db.query('SELECT id, name, description FROM projects WHERE id = $1 AND org_id = $2', [id, orgId]);
  return res.rows[0] ?? null;
}
