import type { Projection } from '../types.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
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
  // One statement a batch: each (organization, day) adds the events past the position its row last counted.
  async apply(db, events, t) {
    if (events.length === 0) return;
    await db.query(
      `WITH e AS (
         SELECT org_id, (at AT TIME ZONE 'UTC')::date AS day, used, granted, position
           FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::bigint[]) AS e(org_id, at, used, granted, position)),
       sums AS (
         SELECT e.org_id, e.day, sum(e.used) AS used, sum(e.granted) AS granted, max(e.position) AS position
           FROM e LEFT JOIN ${t('usage_daily')} u ON u.org_id = e.org_id AND u.day = e.day
          WHERE e.position > coalesce(u.position, 0)
          GROUP BY e.org_id, e.day)
       INSERT INTO ${t('usage_daily')} AS u (org_id, day, used, granted, position) SELECT org_id, day, used, granted, position FROM sums
       ON CONFLICT (org_id, day) DO UPDATE SET used = u.used + EXCLUDED.used, granted = u.granted + EXCLUDED.granted, position = EXCLUDED.position`,
      [
        arrayLiteral(events.map((e) => e.data.orgId)),
        arrayLiteral(events.map((e) => e.data.at)),
        arrayLiteral(events.map((e) => (e.type === 'CreditsDebited' ? e.data.amount : 0))),
        arrayLiteral(events.map((e) => (e.type === 'CreditsGranted' ? e.data.amount : 0))),
        arrayLiteral(events.map((e) => e.globalPosition)),
      ],
    );
  },
};
