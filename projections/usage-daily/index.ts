import type { Projection } from '../types.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
import { utcDay } from '../days.ts';
import { sumByGroup } from '../rows.ts';
import type { CreditsDebited, CreditsGranted } from '../../services/credits/events.ts';

type Handled = CreditsDebited | CreditsGranted;

/**
 * Credits used and granted per organization and UTC day (the profile's chart). Each row keeps the
 * position of the last event it counted, so a batch applied again adds nothing.
 */
export const usageDailyProjection: Projection<Handled> = {
  name: 'usage_daily',
  version: 1,
  handles: ['CreditsDebited', 'CreditsGranted'],
  tables: ['usage_daily'],
  schema: (t) => `
    CREATE TABLE ${t('usage_daily')} (
      org_id   uuid NOT NULL,
      day      date NOT NULL,
      used     bigint NOT NULL DEFAULT 0,
      granted  bigint NOT NULL DEFAULT 0,
      position bigint NOT NULL,
      PRIMARY KEY (org_id, day)
    );`,
  // One statement a batch, of one row per organization and day: the batch is summed here (sent one
  // row per event, a rebuild's 200,000 were unnested, joined and grouped by Postgres: 0.29 s of it).
  async apply(db, events, t) {
    const rows = sumByGroup(
      events,
      (e) => ({ orgId: e.data.orgId.toLowerCase(), day: utcDay(e.data.at) }),
      () => ({ used: 0, granted: 0 }),
      (sum, e) => {
        if (e.type === 'CreditsDebited') sum.used += e.data.amount;
        else sum.granted += e.data.amount;
      },
    );
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO ${t('usage_daily')} AS u (org_id, day, used, granted, position)
       SELECT s.org_id, s.day, s.used, s.granted, s.last
         FROM unnest($1::uuid[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) AS s(org_id, day, used, granted, first, last)
         LEFT JOIN ${t('usage_daily')} c ON c.org_id = s.org_id AND c.day = s.day
        WHERE s.first > coalesce(c.position, 0)
       ON CONFLICT (org_id, day) DO UPDATE SET used = u.used + EXCLUDED.used, granted = u.granted + EXCLUDED.granted, position = EXCLUDED.position`,
      [
        arrayLiteral(rows.map((r) => r.orgId)),
        arrayLiteral(rows.map((r) => r.day)),
        arrayLiteral(rows.map((r) => r.used)),
        arrayLiteral(rows.map((r) => r.granted)),
        arrayLiteral(rows.map((r) => r.first)),
        arrayLiteral(rows.map((r) => r.last)),
      ],
    );
  },
};
