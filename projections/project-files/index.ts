import type { Projection } from '../types.ts';
import type { ProjectFileEvent } from '../../services/projectfiles/events.ts';

/** A project's context files and their text in chunks (what the board's ranking reads). */
export const projectFilesProjection: Projection<ProjectFileEvent> = {
  name: 'project_files',
  version: 1,
  handles: ['ProjectFileStored', 'ProjectFileRemoved'] satisfies ProjectFileEvent['type'][],
  tables: ['project_files', 'project_file_chunks'],
  schema: (t) => `
    CREATE TABLE ${t('project_files')} (
      id          uuid PRIMARY KEY,
      org_id      uuid NOT NULL,
      project_id  uuid NOT NULL,
      name        text NOT NULL,
      media_type  text NOT NULL,
      bytes       integer NOT NULL,
      pages       integer,
      created_at  timestamptz NOT NULL,
      removed     boolean NOT NULL DEFAULT false
    );
    CREATE TABLE ${t('project_file_chunks')} (
      file_id  uuid NOT NULL,
      ord      integer NOT NULL,
      text     text NOT NULL,
      PRIMARY KEY (file_id, ord)
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('project_files')}_project_id_created_at_idx ON ${t('project_files')} (project_id, created_at);`,
  async apply(db, events, t) {
    for (const event of events) {
      if (event.type === 'ProjectFileStored') {
        const d = event.data;
        const res = await db.query(
          `INSERT INTO ${t('project_files')} (id, org_id, project_id, name, media_type, bytes, pages, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
          [d.fileId, d.orgId, d.projectId, d.name, d.mediaType, d.bytes, d.pages, d.at],
        );
        if (res.rowCount) {
          await db.query(
            `INSERT INTO ${t('project_file_chunks')} (file_id, ord, text) SELECT $1, o::int - 1, c FROM unnest($2::text[]) WITH ORDINALITY AS x(c, o) ON CONFLICT DO NOTHING`,
            [d.fileId, d.chunks],
          );
        }
      } else {
        await db.query(`UPDATE ${t('project_files')} SET removed = true WHERE id = $1`, [event.data.fileId]);
        await db.query(`DELETE FROM ${t('project_file_chunks')} WHERE file_id = $1`, [event.data.fileId]);
      }
    }
  },
};
