import type { Projection } from '../types.ts';
import { LEDGER_DEFAULTS, type PlanEvent, type PlanFields } from '../../services/plans/events.ts';

const COLUMNS: Record<keyof PlanFields, string> = {
  name: 'text',
  description: 'text',
  price_usd: 'numeric',
  monthly_credits: 'integer',
  one_time_credits: 'integer',
  is_one_time: 'boolean',
  system_only: 'boolean',
  is_active: 'boolean',
  example_usages: 'jsonb',
  rollover: 'boolean',
  one_time_expiry_days: 'integer',
};

const value = (field: keyof PlanFields, v: unknown) => (field === 'example_usages' ? JSON.stringify(v) : v);

/** Subscription plans as admins and buyers see them. */
export const plansProjection: Projection<PlanEvent> = {
  name: 'plans',
  // 2: rollover and one_time_expiry_days.
  version: 2,
  handles: ['PlanCreated', 'PlanUpdated'] satisfies PlanEvent['type'][],
  tables: ['plans'],
  schema: (t) => `
    CREATE TABLE ${t('plans')} (
      id               text PRIMARY KEY,
      name             text NOT NULL,
      description      text NOT NULL DEFAULT '',
      price_usd        numeric(12, 2) NOT NULL,
      monthly_credits  integer NOT NULL,
      one_time_credits integer NOT NULL,
      is_one_time      boolean NOT NULL,
      system_only      boolean NOT NULL,
      is_active        boolean NOT NULL,
      example_usages   jsonb NOT NULL DEFAULT '[]',
      rollover         boolean NOT NULL DEFAULT false,
      one_time_expiry_days integer,
      created_at       timestamptz NOT NULL,
      updated_at       timestamptz NOT NULL,
      position         bigint NOT NULL
    );`,
  async apply(db, events, t) {
    for (const event of events) {
            const pos = event.globalPosition;
      if (event.type === 'PlanCreated') {
        const d = { ...LEDGER_DEFAULTS, ...event.data };
        await db.query(
          `INSERT INTO ${t('plans')} (id, name, description, price_usd, monthly_credits, one_time_credits, is_one_time,
                                      system_only, is_active, example_usages, created_at, updated_at, position, rollover, one_time_expiry_days)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
          [d.planId, d.name, d.description, d.price_usd, d.monthly_credits, d.one_time_credits, d.is_one_time,
           d.system_only, d.is_active, JSON.stringify(d.example_usages), d.at, pos, d.rollover, d.one_time_expiry_days],
        );
        continue;
      }
      const fields = (Object.keys(event.data.changes) as (keyof PlanFields)[]).filter((f) => f in COLUMNS);
      const sets = fields.map((f, i) => `${f} = $${i + 4}::${COLUMNS[f]}`);
      await db.query(
        `UPDATE ${t('plans')} SET ${[...sets, 'updated_at = $2', 'position = $3'].join(', ')} WHERE id = $1 AND position < $3`,
        [event.data.planId, event.data.at, pos, ...fields.map((f) => value(f, event.data.changes[f]))],
      );
    }
  },
};
