import type { Queryable } from '../../services/eventstore/store.ts';

export interface ProjectRow {
  id: string;
  name: string;
  description: string;
}

/**
 * An organization's projects, newest first, as the answer's JSON text
 * (`[{"id","name","description"}, …]`), written by Postgres and sent on as it is: decoding the rows in
 * pg and writing them again by the route's serializer had been a tenth of the API's CPU for
 * `GET /api/projects` (20 projects). The read model keeps the text as one row per organization
 * (`project_lists`, projections/projects/index.ts), so a request reads a row by its key instead of
 * aggregating the organization's projects. The fields are those of the route's schema (ProjectList),
 * which a test checks the text against.
 */
export async function listProjectsJson(db: Queryable, orgId: string): Promise<string> {
  const res = await db.query({ name: 'project-list-of-org', text: 'SELECT list FROM project_lists WHERE org_id = $1', values: [orgId] });
  return (res.rows[0]?.list as string | undefined) ?? '[]';
}

/** One project, only within its organization. */
export async function findProject(db: Queryable, id: string, orgId: string): Promise<ProjectRow | null> {
  const res = await db.query('SELECT id, name, description FROM projects WHERE id = $1 AND org_id = $2', [id, orgId]);
  return res.rows[0] ?? null;
}
