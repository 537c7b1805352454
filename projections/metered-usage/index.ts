import type { Projection } from '../types.ts';
import type { UsageRecorded } from '../../services/credits/events.ts';

/**
 * Metered usage per organization, UTC day (of each event's timestamp), meter and project: the usage
 * explorer's chart and CSV. Each row keeps the position of the last batch it counted, so a batch
 * applied again adds nothing.
 */
export const meteredUsageProjection: Projection<UsageRecorded> = {
  name: 'metered_usage',
  version: 1,
  handles: ['UsageRecorded'],
  tables: ['metered_usage'],
  schema: (t) => `
    CREATE TABLE ${t('metered_usage')} (
      org_id     uuid NOT NULL,
      day        date NOT NULL,
      meter      text NOT NULL,
      project_id text NOT NULL DEFAULT '',
      quantity   numeric NOT NULL DEFAULT 0,
      credits    numeric NOT NULL DEFAULT 0,
      events     bigint NOT NULL DEFAULT 0,
      position   bigint NOT NULL,
      PRIMARY KEY (org_id, day, meter, project_id)
    );`,
  async apply(db, events, t) {
    const rows = events.flatMap((e) =>
      e.data.items.map((i) => ({ org_id: e.data.orgId, at: i.timestamp, meter: i.meter, project_id: i.projectId ?? '', quantity: String(i.quantity), credits: i.credits, position: e.globalPosition })),
    );
    if (rows.length === 0) return;
    await db.query(
      `WITH e AS (
         SELECT org_id, (at AT TIME ZONE 'UTC')::date AS day, meter, project_id, quantity, credits, position
           FROM jsonb_to_recordset($1::jsonb) AS r(org_id uuid, at timestamptz, meter text, project_id text, quantity numeric, credits numeric, position bigint)),
       sums AS (
         SELECT e.org_id, e.day, e.meter, e.project_id, sum(e.quantity) AS quantity, sum(e.credits) AS credits, count(*) AS events, max(e.position) AS position
           FROM e LEFT JOIN ${t('metered_usage')} u ON u.org_id = e.org_id AND u.day = e.day AND u.meter = e.meter AND u.project_id = e.project_id
          WHERE e.position > coalesce(u.position, 0)
          GROUP BY e.org_id, e.day, e.meter, e.project_id)
       INSERT INTO ${t('metered_usage')} AS u (org_id, day, meter, project_id, quantity, credits, events, position)
       SELECT org_id, day, meter, project_id, quantity, credits, events, position FROM sums
       ON CONFLICT (org_id, day, meter, project_id) DO UPDATE
         SET quantity = u.quantity + EXCLUDED.quantity, credits = u.credits + EXCLUDED.credits, events = u.events + EXCLUDED.events, position = EXCLUDED.position`,
      [JSON.stringify(rows)],
    );
  },
};
