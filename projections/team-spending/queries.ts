import type { Queryable } from '../../services/eventstore/store.ts';

export interface Spender {
  id: string;
  name: string;
  credits: number;
}

export interface TeamSpending {
  /** Per member ('' when no member spent: an API key or the system), most first. */
  members: (Spender & { email: string })[];
  /** Per project ('' for spends that named none), most first. */
  projects: Spender[];
  total: number;
}

/**
 * What an organization's members and projects spent since `since` (a UTC month's first day, or
 * null for all time), with the names the users and projects read models know.
 */
export async function teamSpending(db: Queryable, orgId: string, since: string | null): Promise<TeamSpending> {
  const res = await db.query(
    `SELECT s.user_id, s.project_id, sum(s.credits)::float8 AS credits,
            coalesce(u.name, '') AS user_name, coalesce(u.email, '') AS user_email, coalesce(p.name, '') AS project_name
       FROM team_spending s
       LEFT JOIN users u ON u.id = nullif(s.user_id, '')::uuid
       LEFT JOIN projects p ON p.id = nullif(s.project_id, '')::uuid
      WHERE s.org_id = $1 AND ($2::date IS NULL OR s.month >= $2::date)
      GROUP BY s.user_id, s.project_id, u.name, u.email, p.name`,
    [orgId, since],
  );
  const members = new Map<string, Spender & { email: string }>();
  const projects = new Map<string, Spender>();
  let total = 0;
  for (const r of res.rows as { user_id: string; project_id: string; credits: number; user_name: string; user_email: string; project_name: string }[]) {
    total += r.credits;
    const m = members.get(r.user_id) ?? { id: r.user_id, name: r.user_name, email: r.user_email, credits: 0 };
    m.credits += r.credits;
    members.set(r.user_id, m);
    const p = projects.get(r.project_id) ?? { id: r.project_id, name: r.project_name, credits: 0 };
    p.credits += r.credits;
    projects.set(r.project_id, p);
  }
  const most = <T extends Spender>(list: Iterable<T>) => [...list].sort((a, b) => b.credits - a.credits || a.id.localeCompare(b.id));
  return { members: most(members.values()), projects: most(projects.values()), total };
}
