import type { Queryable } from '../../services/eventstore/store.ts';
import type { Assistant } from '../../services/assistants/schemas.ts';

interface Row {
  id: string;
  name: string;
  description: string;
  task: string;
  model: string;
  tag_ids: string[];
  ready_to_deploy: boolean;
  output_component_ids: string[];
  created_at: Date;
  updated_at: Date;
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'id',
  name: 'lower(name)',
  model: 'model',
  ready_to_deploy: 'ready_to_deploy',
  created_at: 'created_at',
  updated_at: 'updated_at',
};

async function names(db: Queryable, table: 'tags' | 'components', ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await db.query(`SELECT id, name FROM ${table} WHERE id = ANY($1::uuid[])`, [[...new Set(ids)]]);
  return new Map(res.rows.map((r) => [r.id as string, r.name as string]));
}

const named = (ids: string[], byId: Map<string, string>) => ids.filter((id) => byId.has(id)).map((id) => ({ id, name: byId.get(id)! }));

/** Rows of the read model with tag names, output component names and functions filled in. */
async function hydrate(db: Queryable, rows: Row[]): Promise<Assistant[]> {
  if (rows.length === 0) return [];
  const fns = await db.query(
    `SELECT f.id, f.assistant_id, f.name, f.description, f.returns_component, c.name AS returns_component_name
       FROM assistant_functions f LEFT JOIN components c ON c.id = f.returns_component
      WHERE f.assistant_id = ANY($1::uuid[]) ORDER BY f.position`,
    [rows.map((r) => r.id)],
  );
  const tagNames = await names(db, 'tags', rows.flatMap((r) => r.tag_ids));
  const componentNames = await names(db, 'components', rows.flatMap((r) => r.output_component_ids));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    task: r.task,
    model: r.model,
    tags: named(r.tag_ids, tagNames),
    ready_to_deploy: r.ready_to_deploy,
    output_component_id: r.output_component_ids,
    output_components: named(r.output_component_ids, componentNames),
    functions: fns.rows
      .filter((f) => f.assistant_id === r.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        description: f.description,
        returns_component: f.returns_component,
        returns_component_name: f.returns_component_name,
      })),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

export async function getAssistant(db: Queryable, id: string): Promise<Assistant | null> {
  const res = await db.query('SELECT * FROM assistants WHERE id = $1', [id]);
  return (await hydrate(db, res.rows))[0] ?? null;
}

export async function listAssistants(
  db: Queryable,
  q: { page: number; limit: number; search?: string; sortField: string; sortOrder: 'asc' | 'desc' },
) {
  const order = `${Object.hasOwn(SORT_COLUMNS, q.sortField) ? SORT_COLUMNS[q.sortField] : 'id'} ${q.sortOrder === 'desc' ? 'DESC' : 'ASC'}, id`;
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = '($1::text IS NULL OR name ILIKE $1 OR description ILIKE $1 OR task ILIKE $1)';
  const [page, count] = await Promise.all([
    db.query(`SELECT * FROM assistants WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`, [search, q.limit, (q.page - 1) * q.limit]),
    db.query(`SELECT count(*)::int AS n FROM assistants WHERE ${where}`, [search]),
  ]);
  const total = count.rows[0].n as number;
  return { data: await hydrate(db, page.rows), totalPages: Math.max(1, Math.ceil(total / q.limit)), page: q.page, total };
}

export async function listAdvisors(db: Queryable) {
  const res = await db.query('SELECT * FROM assistants WHERE ready_to_deploy ORDER BY lower(name), id LIMIT 500');
  const tagNames = await names(db, 'tags', res.rows.flatMap((r: Row) => r.tag_ids));
  return (res.rows as Row[]).map((r) => ({ id: r.id, name: r.name, description: r.description, tags: named(r.tag_ids, tagNames) }));
}

/** The assistant that holds a function, if any. */
export async function functionOwner(db: Queryable, functionId: string): Promise<string | null> {
  const res = await db.query('SELECT assistant_id FROM assistant_functions WHERE id = $1', [functionId]);
  return (res.rows[0]?.assistant_id as string | undefined) ?? null;
}
