import type { Queryable } from '../../services/eventstore/store.ts';

export interface MeteredDay {
  day: string;
  meter: string;
  quantity: number;
  credits: number;
  events: number;
}

/** Usage per UTC day and meter over [from, to] (days), of one project or all. */
export async function meteredUsage(db: Queryable, orgId: string, from: string, to: string, projectId?: string): Promise<MeteredDay[]> {
  const res = await db.query(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, meter, sum(quantity)::float8 AS quantity, sum(credits)::float8 AS credits, sum(events)::int AS events
       FROM metered_usage
      WHERE org_id = $1 AND day BETWEEN $2::date AND $3::date AND ($4::text IS NULL OR project_id = $4)
      GROUP BY day, meter ORDER BY day, meter`,
    [orgId, from, to, projectId ?? null],
  );
  return res.rows;
}
