import type { Projection } from '../types.ts';
import type { CreditsDebited, CreditsGranted } from '../../services/orgs/events.ts';

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
  async apply(db, events, t) {
    for (const event of events) {
      const used = event.type === 'CreditsDebited' ? event.data.amount : 0;
      const granted = event.type === 'CreditsGranted' ? event.data.amount : 0;
      await db.query(
        `INSERT INTO ${t('usage_daily')} AS u (org_id, day, used, granted, position) VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, $3, $4, $5)
         ON CONFLICT (org_id, day) DO UPDATE SET used = u.used + EXCLUDED.used, granted = u.granted + EXCLUDED.granted, position = EXCLUDED.position
         WHERE u.position < EXCLUDED.position`,
        [event.data.orgId, event.data.at, used, granted, event.globalPosition],
      );
    }
  },
};
