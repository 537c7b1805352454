import type { Projection } from '../types.ts';
import type { AutoTopUpAttempted, AutoTopUpCrossed, AutoTopUpSkipped } from '../../services/credits/events.ts';

type CrossingEvent = AutoTopUpCrossed | AutoTopUpAttempted | AutoTopUpSkipped;

/** Auto top-up's recorded crossings and whether each was attempted or skipped (the ledger sweep charges the rest). */
export const autoTopUpCrossingsProjection: Projection<CrossingEvent> = {
  name: 'auto_top_up_crossings',
  version: 1,
  handles: ['AutoTopUpCrossed', 'AutoTopUpAttempted', 'AutoTopUpSkipped'] satisfies CrossingEvent['type'][],
  tables: ['auto_top_up_crossings'],
  schema: (t) => `
    CREATE TABLE ${t('auto_top_up_crossings')} (
      crossing   text PRIMARY KEY,
      org_id     uuid NOT NULL,
      crossed_at timestamptz NOT NULL,
      status     text NOT NULL,
      position   bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('auto_top_up_crossings')}_crossed_at_idx ON ${t('auto_top_up_crossings')} (crossed_at) WHERE status = 'pending';`,
  async apply(db, events, t) {
    for (const event of events) {
      const d = event.data;
      if (event.type === 'AutoTopUpCrossed') {
        await db.query(
          `INSERT INTO ${t('auto_top_up_crossings')} (crossing, org_id, crossed_at, status, position) VALUES ($1, $2, $3, 'pending', $4)
           ON CONFLICT (crossing) DO NOTHING`,
          [d.crossing, d.orgId, d.at, event.globalPosition],
        );
      } else {
        const status = event.type === 'AutoTopUpAttempted' ? 'attempted' : 'skipped';
        await db.query(`UPDATE ${t('auto_top_up_crossings')} SET status = $2 WHERE crossing = $1`, [d.crossing, status]);
      }
    }
  },
};
