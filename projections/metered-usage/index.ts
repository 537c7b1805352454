import type { Projection } from '../types.ts';
import { utcDay } from '../days.ts';
import { meteredItems, type CreditsDebited, type MeteredItem, type UsageRecorded } from '../../services/credits/events.ts';
import { DECIMALS, formatPico, formatScaled, parsePico, toMicros } from '../../services/platform/decimal.ts';

/**
 * Metered usage per organization, UTC day (of each event's timestamp), meter and project: the usage
 * explorer's chart and CSV. Each row keeps the position of the last batch it counted, so a batch
 * applied again adds nothing. Version 2 also counts the meters of holds' captures (a board call's
 * model tokens), which version 1 did not read.
 */
export const meteredUsageProjection: Projection<UsageRecorded | CreditsDebited> = {
  name: 'metered_usage',
  version: 2,
  handles: ['UsageRecorded', 'CreditsDebited'],
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
    const rows = events.flatMap((e) => dailySums(e.data.orgId, meteredItems(e), e.globalPosition));
    if (rows.length === 0) return;
    await db.query(
      `WITH sums AS (
         SELECT e.org_id, e.day, e.meter, e.project_id, sum(e.quantity) AS quantity, sum(e.credits) AS credits, sum(e.events) AS events, max(e.position) AS position
           FROM jsonb_to_recordset($1::jsonb) AS e(org_id uuid, day date, meter text, project_id text, quantity numeric, credits numeric, events bigint, position bigint)
           LEFT JOIN ${t('metered_usage')} u ON u.org_id = e.org_id AND u.day = e.day AND u.meter = e.meter AND u.project_id = e.project_id
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

/**
 * One event's items summed per UTC day, meter and project, exactly (quantities in millionths, credits
 * in picocredits): a row per group, not per event (a batch is up to a thousand events of a few groups).
 */
function dailySums(orgId: string, items: readonly MeteredItem[], position: number) {
  const groups = new Map<string, { org_id: string; day: string; meter: string; project_id: string; quantity: bigint; credits: bigint; events: number; position: number }>();
  for (const i of items) {
    const day = utcDay(i.timestamp);
    const project = i.projectId ?? '';
    const key = `${day}\n${i.meter}\n${project}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { org_id: orgId, day, meter: i.meter, project_id: project, quantity: 0n, credits: 0n, events: 0, position }));
    group.quantity += toMicros(i.quantity) ?? 0n;
    group.credits += parsePico(i.credits);
    group.events++;
  }
  return [...groups.values()].map((g) => ({ ...g, quantity: formatScaled(g.quantity, DECIMALS), credits: formatPico(g.credits) }));
}
