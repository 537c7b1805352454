import type { Projection } from '../types.ts';
import type { ProjectEvent } from '../../services/projects/events.ts';

export const projectsProjection: Projection<ProjectEvent> = {
  name: 'projects',
  version: 1,
  handles: ['ProjectCreated', 'ProjectUpdated'] satisfies ProjectEvent['type'][],
  tables: ['projects'],
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
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('projects')}_org_id_created_at_idx ON ${t('projects')} (org_id, created_at DESC);`,
  async apply(db, events, t) {
    for (const event of events) {
            switch (event.type) {
        case 'ProjectCreated':
          await db.query(
            `INSERT INTO ${t('projects')} (id, org_id, name, description, created_by, created_at, updated_at, position)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING`,
            [event.data.projectId, event.data.orgId, event.data.name, event.data.description, event.data.createdBy,
             event.data.at, event.globalPosition],
          );
          break;
        case 'ProjectUpdated':
          await db.query(
            `UPDATE ${t('projects')} SET name = $2, description = $3, updated_at = $4, position = $5
              WHERE id = $1 AND position < $5`,
            [event.data.projectId, event.data.name, event.data.description, event.data.at, event.globalPosition],
          );
          break;
      }
    }
  },
};
