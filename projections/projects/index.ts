import type { Projection } from '../types.ts';
import type { ProjectEvent } from '../../services/projects/events.ts';
import { jsonArrayText } from '../../services/platform/json-text.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
import { insertRows, type Columns } from '../rows.ts';

const PROJECT_COLUMNS: Columns = [
  ['id', 'uuid'], ['org_id', 'uuid'], ['name', 'text'], ['description', 'text'], ['created_by', 'uuid'],
  ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['position', 'bigint'],
];

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
    // A batch's new projects in one statement, and each changed project's last change in another.
    const created: object[] = [];
    const createdIn = new Set<string>();
    const updated = new Map<string, { id: string; name: string; description: string; at: string; position: number }>();
    for (const event of events) {
      if (event.type === 'ProjectCreated') {
        const d = event.data;
        created.push({ id: d.projectId, org_id: d.orgId, name: d.name, description: d.description, created_by: d.createdBy, created_at: d.at, updated_at: d.at, position: event.globalPosition });
        createdIn.add(d.orgId);
      } else if (event.type === 'ProjectUpdated') {
        const d = event.data;
        updated.set(d.projectId, { id: d.projectId, name: d.name, description: d.description, at: d.at, position: event.globalPosition });
      }
    }
    await insertRows(db, t('projects'), PROJECT_COLUMNS, created, 'ON CONFLICT (id) DO NOTHING');
    const changes = [...updated.values()];
    if (changes.length > 0) {
      await db.query(
        `UPDATE ${t('projects')} p SET name = u.name, description = u.description, updated_at = u.at, position = u.position
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::bigint[]) AS u(id, name, description, at, position)
          WHERE p.id = u.id AND p.position < u.position`,
        [arrayLiteral(changes.map((c) => c.id)), arrayLiteral(changes.map((c) => c.name)), arrayLiteral(changes.map((c) => c.description)), arrayLiteral(changes.map((c) => c.at)), arrayLiteral(changes.map((c) => c.position))],
      );
    }
    if (created.length === 0 && changes.length === 0) return;
    // The lists of the organizations a project was created in, and of those whose projects changed.
    await db.query(
      `WITH changed AS (SELECT unnest($1::uuid[]) AS org_id UNION SELECT p.org_id FROM ${t('projects')} p WHERE p.id = ANY($2::uuid[]))
       INSERT INTO ${t('project_lists')} AS l (org_id, list)
       SELECT c.org_id, (SELECT ${jsonArrayText('p')} FROM (SELECT id, name, description FROM ${t('projects')}
                          WHERE org_id = c.org_id ORDER BY created_at DESC, id LIMIT ${PROJECT_LIST_LIMIT}) p)
         FROM changed c
       ON CONFLICT (org_id) DO UPDATE SET list = EXCLUDED.list`,
      [[...createdIn], [...updated.keys()]],
    );
  },
};
