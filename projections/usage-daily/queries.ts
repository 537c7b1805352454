import type { Queryable } from '../../services/eventstore/store.ts';

export interface UsageDay {
  day: string;
  used: number;
  granted: number;
}

/** The last `days` UTC days up to today, every day present (zeros where nothing happened). */
export async function dailyUsage(db: Queryable, orgId: string, days = 30): Promise<UsageDay[]> {
  const res = await db.query(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(u.used, 0)::int AS used, COALESCE(u.granted, 0)::int AS granted
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
       LEFT JOIN usage_daily u ON u.org_id = $1 AND u.day = d.day::date
      ORDER BY d.day`,
    [orgId, days],
  );
  return res.rows;
}
