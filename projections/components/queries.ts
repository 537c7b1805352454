import type { Queryable } from '../../services/eventstore/store.ts';
import type { ComponentDefinition, ComponentType } from '../../services/components/events.ts';
import type { ComponentNode } from '../../services/components/json-schema.ts';
import type { Component } from '../../services/components/schemas.ts';

interface Row {
  id: string;
  name: string;
  type: ComponentType;
  definition: ComponentDefinition;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, type, definition, created_at, updated_at';

/** The spec's flat shape; `names` (child id -> name) adds the hydrated child names. */
export function toComponent(row: Row, names?: ReadonlyMap<string, string>): Component {
  const base = { id: row.id, name: row.name, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
  const d = row.definition;
  switch (d.type) {
    case 'term':
      return { ...base, type: 'term', description: d.description };
    case 'array':
      return {
        ...base,
        type: 'array',
        arrayOfComponentType: d.arrayOfComponentType,
        arrayOfComponentId: d.arrayOfComponentId,
        min: d.min,
        max: d.max,
        ...(names ? { arrayOfComponentName: names.get(d.arrayOfComponentId) ?? null } : {}),
      };
    case 'object':
      return {
        ...base,
        type: 'object',
        description: d.description,
        structure: d.structure.map((p) => (names ? { ...p, child_component_name: names.get(p.child_component_id) ?? null } : p)),
      };
  }
}

async function childNames(db: Queryable, rows: Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.definition.type === 'array' ? [r.definition.arrayOfComponentId] : r.definition.type === 'object' ? r.definition.structure.map((p) => p.child_component_id) : [])))];
  if (ids.length === 0) return new Map();
  const res = await db.query('SELECT id, name FROM components WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(res.rows.map((r) => [r.id as string, r.name as string]));
}

export async function listComponents(
  db: Queryable,
  q: { type?: ComponentType; hydrate?: boolean; limit: number; page: number },
): Promise<{ data: Component[]; page: number; totalPages: number; total: number }> {
  const res = await db.query(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM components
      WHERE ($1::text IS NULL OR type = $1) ORDER BY lower(name), id LIMIT $2 OFFSET $3`,
    [q.type ?? null, q.limit, (q.page - 1) * q.limit],
  );
  let total = Number(res.rows[0]?.total ?? 0);
  if (res.rows.length === 0 && q.page > 1) {
    const counted = await db.query('SELECT count(*)::int AS n FROM components WHERE ($1::text IS NULL OR type = $1)', [q.type ?? null]);
    total = counted.rows[0].n;
  }
  const rows = res.rows as Row[];
  const names = q.hydrate ? await childNames(db, rows) : undefined;
  return { data: rows.map((r) => toComponent(r, names)), page: q.page, totalPages: Math.max(1, Math.ceil(total / q.limit)), total };
}

export async function getComponent(db: Queryable, id: string, hydrate = false): Promise<Component | null> {
  const res = await db.query(`SELECT ${COLUMNS} FROM components WHERE id = $1`, [id]);
  const row = res.rows[0] as Row | undefined;
  if (!row) return null;
  return toComponent(row, hydrate ? await childNames(db, [row]) : undefined);
}

/** These components and every component they reach, for the schema compiler and the cycle check. */
export async function reachableComponents(db: Queryable, roots: string[]): Promise<Map<string, ComponentNode>> {
  const res = await db.query(
    `WITH RECURSIVE reach(id) AS (
       SELECT unnest($1::uuid[])
       UNION
       SELECT unnest(c.child_ids) FROM reach r JOIN components c ON c.id = r.id
     )
     SELECT c.id, c.name, c.definition FROM components c JOIN reach USING (id)`,
    [roots],
  );
  return new Map(res.rows.map((r) => [r.id as string, { id: r.id, name: r.name, definition: r.definition } as ComponentNode]));
}

