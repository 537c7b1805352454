import type { Queryable } from '../../services/eventstore/store.ts';

export interface TagRow {
  id: string;
  name: string;
  description: string;
}

export async function listTags(db: Queryable, limit = 5000): Promise<TagRow[]> {
  return (await db.query('SELECT id, name, description FROM tags ORDER BY lower(name), id LIMIT $1', [limit])).rows;
}

export async function tagName(db: Queryable, id: string): Promise<string | null> {
  return (await db.query('SELECT name FROM tags WHERE id = $1', [id])).rows[0]?.name ?? null;
}
