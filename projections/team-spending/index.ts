import type { Projection } from '../types.ts';
import type { CreditsDebited, HoldPlaced } from '../../services/credits/events.ts';

type Handled = CreditsDebited | HoldPlaced;

/**
 * What each member and each project of an organization spent per UTC month (the /org page's chart).
 * A capture counts for whoever the hold was placed for (as budgets count it), so the holds' owners
 * are kept. Each row keeps the position of the last event it counted: a batch applied again adds nothing.
 */
export const teamSpendingProjection: Projection<Handled> = {
  name: 'team_spending',
  version: 1,
  handles: ['CreditsDebited', 'HoldPlaced'] satisfies Handled['type'][],
  tables: ['team_spending', 'team_hold_owners'],
  schema: (t) => `
    CREATE TABLE ${t('team_spending')} (
      org_id     uuid NOT NULL,
      month      date NOT NULL,
      user_id    text NOT NULL DEFAULT '',
      project_id text NOT NULL DEFAULT '',
      credits    bigint NOT NULL DEFAULT 0,
      position   bigint NOT NULL,
      PRIMARY KEY (org_id, month, user_id, project_id)
    );
    CREATE TABLE ${t('team_hold_owners')} (
      hold_id    uuid PRIMARY KEY,
      user_id    text NOT NULL DEFAULT '',
      project_id text NOT NULL DEFAULT ''
    );`,
  async apply(db, events, t) {
    const holds = events.flatMap((e) => (e.type === 'HoldPlaced' ? [{ hold_id: e.data.holdId, user_id: e.data.userId ?? '', project_id: e.data.projectId ?? '' }] : []));
    if (holds.length > 0) {
      await db.query(
        `INSERT INTO ${t('team_hold_owners')} (hold_id, user_id, project_id)
         SELECT hold_id, user_id, project_id FROM jsonb_to_recordset($1::jsonb) AS r(hold_id uuid, user_id text, project_id text)
         ON CONFLICT (hold_id) DO NOTHING`,
        [JSON.stringify(holds)],
      );
    }
    const debits = events.flatMap((e) =>
      e.type === 'CreditsDebited'
        ? [{ org_id: e.data.orgId, at: e.data.at, user_id: e.data.userId ?? '', project_id: e.data.projectId ?? '', hold_id: e.data.holdId ?? null, credits: e.data.amount, position: e.globalPosition }]
        : [],
    );
    if (debits.length === 0) return;
    await db.query(
      `WITH e AS (
         SELECT r.org_id, date_trunc('month', r.at AT TIME ZONE 'UTC')::date AS month,
                coalesce(h.user_id, r.user_id) AS user_id, coalesce(h.project_id, r.project_id) AS project_id, r.credits, r.position
           FROM jsonb_to_recordset($1::jsonb) AS r(org_id uuid, at timestamptz, user_id text, project_id text, hold_id uuid, credits bigint, position bigint)
           LEFT JOIN ${t('team_hold_owners')} h ON h.hold_id = r.hold_id),
       sums AS (
         SELECT e.org_id, e.month, e.user_id, e.project_id, sum(e.credits) AS credits, max(e.position) AS position
           FROM e LEFT JOIN ${t('team_spending')} s ON s.org_id = e.org_id AND s.month = e.month AND s.user_id = e.user_id AND s.project_id = e.project_id
          WHERE e.position > coalesce(s.position, 0)
          GROUP BY e.org_id, e.month, e.user_id, e.project_id)
       INSERT INTO ${t('team_spending')} AS s (org_id, month, user_id, project_id, credits, position)
       SELECT org_id, month, user_id, project_id, credits, position FROM sums
       ON CONFLICT (org_id, month, user_id, project_id) DO UPDATE SET credits = s.credits + EXCLUDED.credits, position = EXCLUDED.position`,
      [JSON.stringify(debits)],
    );
  },
};
