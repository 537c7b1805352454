import type { Queryable } from '../../services/eventstore/store.ts';

export interface FileRow {
  id: string;
  name: string;
  bytes: number;
  pages: number | null;
  createdAt: string;
}

/** A project's files (not removed), oldest first. */
export async function listFiles(db: Queryable, projectId: string, orgId: string): Promise<FileRow[]> {
  const res = await db.query(
    `SELECT id, name, bytes, pages, created_at FROM project_files WHERE project_id = $1 AND org_id = $2 AND NOT removed ORDER BY created_at, id`,
    [projectId, orgId],
  );
  return res.rows.map((r) => ({ id: r.id, name: r.name, bytes: r.bytes, pages: r.pages, createdAt: (r.created_at as Date).toISOString() }));
}

/** Every chunk of a project's files, for ranking against a question. */
export async function projectChunks(db: Queryable, projectId: string, orgId: string) {
  const res = await db.query(
    `SELECT c.file_id, f.name, c.ord, c.text FROM project_file_chunks c JOIN project_files f ON f.id = c.file_id
      WHERE f.project_id = $1 AND f.org_id = $2 AND NOT f.removed ORDER BY f.created_at, c.file_id, c.ord`,
    [projectId, orgId],
  );
  return res.rows.map((r) => ({ fileId: r.file_id as string, name: r.name as string, ord: r.ord as number, text: r.text as string }));
}
