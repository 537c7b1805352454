import type { Projection } from '../types.ts';
import type { ProjectEvent } from '../../services/projects/events.ts';
import { jsonArrayText } from '../../services/platform/json-text.ts';

/** The most projects an organization's list (`GET /api/projects`) shows: its newest. */
const PROJECT_LIST_LIMIT = 500;

/**
 * Each organization's projects, and each organization's list of them as the JSON text
 * `GET /api/projects` sends (`project_lists`): newest first (by creation, then id), at most
 * PROJECT_LIST_LIMIT, `[{"id","name","description"}, …]`, the fields of the route's schema
 * (ProjectList). A batch writes again the lists of the organizations whose projects it created or
 * changed. Read as one row by its key, the list cost Postgres a third of what aggregating an
 * organization's 20 projects per request did (pgbench, one client: 64,000–66,000 reads a second
 * against 23,000–24,000; `SELECT 1` 83,000).
 */
export const projectsProjection: Projection<ProjectEvent> = {
  name: 'projects',
  // 2: each organization's list of projects as one row.
  version: 2,
  handles: ['ProjectCreated', 'ProjectUpdated'] satisfies ProjectEvent['type'][],
  tables: ['projects', 'project_lists'],
  // The organization index is made with the table: every batch reads through it to write its lists.
  schema: (t) => `
    CREATE TABLE ${t('projects')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      name        text NOT NULL,
      description text NOT NULL DEFAULT '',
      created_by  uuid,
      created_at  timestamptz NOT NULL,
      updated_at  timestamptz NOT NULL,
      position    bigint NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${t('projects')}_org_id_created_at_idx ON ${t('projects')} (org_id, created_at DESC);
    CREATE TABLE ${t('project_lists')} (
      org_id uuid PRIMARY KEY,
      list   text NOT NULL
    );`,
  async apply(db, events, t) {
    const created = new Set<string>();
    const updated = new Set<string>();
    for (const event of events) {
      switch (event.type) {
        case 'ProjectCreated':
          await db.query(
            `INSERT INTO ${t('projects')} (id, org_id, name, description, created_by, created_at, updated_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
            [event.data.projectId, event.data.orgId, event.data.name, event.data.description, event.data.createdBy,
             event.data.at, event.globalPosition],
          );
          created.add(event.data.orgId);
          break;
        case 'ProjectUpdated':
          await db.query(
            `UPDATE ${t('projects')} SET name = $2, description = $3, updated_at = $4, position = $5
              WHERE id = $1 AND position < $5`,
            [event.data.projectId, event.data.name, event.data.description, event.data.at, event.globalPosition],
          );
          updated.add(event.data.projectId);
          break;
      }
    }
    if (created.size === 0 && updated.size === 0) return;
    // The lists of the organizations a project was created in, and of those whose projects changed.
    await db.query(
      `WITH changed AS (SELECT unnest($1::uuid[]) AS org_id UNION SELECT p.org_id FROM ${t('projects')} p WHERE p.id = ANY($2::uuid[]))
       INSERT INTO ${t('project_lists')} AS l (org_id, list)
       SELECT c.org_id, (SELECT ${jsonArrayText('p')} FROM (SELECT id, name, description FROM ${t('projects')}
                          WHERE org_id = c.org_id ORDER BY created_at DESC, id LIMIT ${PROJECT_LIST_LIMIT}) p)
         FROM changed c
       ON CONFLICT (org_id) DO UPDATE SET list = EXCLUDED.list`,
      [[...created], [...updated]],
    );
  },
};
