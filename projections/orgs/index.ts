import type { Projection } from '../types.ts';
import { arrayLiteral } from '../../services/platform/pg-array.ts';
import type { OrgEvent } from '../../services/orgs/events.ts';

/**
 * Organizations with their balance, plan and last billing. Credit events carry the balance after them.
 * `cancelled_plan` is the plan whose cancellation was the organization's last plan event (the profile says so).
 */
export const orgsProjection: Projection<OrgEvent> = {
  name: 'orgs',
  version: 4,
  handles: [
    'OrganizationCreated',
    'OrganizationRenamed',
    'OrganizationActivated',
    'OrganizationDeactivated',
    'CreditsGranted',
    'CreditsDebited',
    'CreditsRevoked',
    'CreditsExpired',
    'PlanSubscribed',
    'PlanCancelled',
  ] satisfies OrgEvent['type'][],
  tables: ['orgs', 'orgs_total'],
  schema: (t) => `
    CREATE TABLE ${t('orgs')} (
      id             uuid PRIMARY KEY,
      name           text NOT NULL,
      is_active      boolean NOT NULL,
      credit_balance bigint NOT NULL DEFAULT 0,
      last_billing   timestamptz,
      plan           jsonb,
      cancelled_plan jsonb,
      created_at     timestamptz NOT NULL,
      updated_at     timestamptz NOT NULL,
      position       bigint NOT NULL,
      balance_position bigint NOT NULL DEFAULT 0
    );
    -- How many organizations there are (one row), kept with each one's creation: the admin table's total is read, not counted.
    CREATE TABLE ${t('orgs_total')} (n bigint NOT NULL);
    INSERT INTO ${t('orgs_total')} (n) VALUES (0);`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('orgs')}_lower_idx ON ${t('orgs')} (lower(name));`,
  async apply(db, events, t) {
    // Credit events carry the balance after them: a batch needs only each org's last one.
    const credits = new Map<string, { balance: number; position: number; billedAt: string | null }>();
    for (const event of events) {
            const pos = event.globalPosition;
      const set = (assignments: string, values: unknown[]) =>
        db.query(
          `UPDATE ${t('orgs')} SET ${assignments}, updated_at = $2, position = $3 WHERE id = $1 AND position < $3`,
          [event.data.orgId, event.data.at, pos, ...values],
        );
      switch (event.type) {
        case 'OrganizationCreated':
          await db.query(
            `WITH created AS (
               INSERT INTO ${t('orgs')} (id, name, is_active, created_at, updated_at, position)
               VALUES ($1, $2, true, $3, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING 1)
             UPDATE ${t('orgs_total')} SET n = n + (SELECT count(*) FROM created)`,
            [event.data.orgId, event.data.name, event.data.at, pos],
          );
          break;
        case 'OrganizationRenamed':
          await set('name = $4', [event.data.name]);
          break;
        case 'OrganizationActivated':
        case 'OrganizationDeactivated':
          await set('is_active = $4', [event.type === 'OrganizationActivated']);
          break;
        case 'CreditsGranted':
        case 'CreditsDebited':
        case 'CreditsRevoked':
        case 'CreditsExpired': {
          const billed = event.type === 'CreditsGranted' && (event.data.kind === 'purchase' || event.data.kind === 'renewal') ? event.data.at : null;
          const previous = credits.get(event.data.orgId);
          credits.set(event.data.orgId, { balance: event.data.balanceAfter, position: pos, billedAt: billed ?? previous?.billedAt ?? null });
          break;
        }
        case 'PlanSubscribed':
          await set('plan = $4, cancelled_plan = NULL', [JSON.stringify(event.data.plan)]);
          break;
        case 'PlanCancelled':
          // SET reads the row as it was: the plan being ended is remembered with the moment it ended.
          await set(
            `cancelled_plan = CASE WHEN plan IS NULL THEN cancelled_plan
                                   ELSE jsonb_build_object('name', plan->>'name', 'cancelled_at', to_jsonb($2::timestamptz)) END,
             plan = NULL`,
            [],
          );
          break;
      }
    }
    if (credits.size === 0) return;
    const rows = [...credits];
    await db.query(
      `UPDATE ${t('orgs')} o SET credit_balance = c.balance, last_billing = coalesce(c.billed_at, o.last_billing), balance_position = c.position
         FROM unnest($1::uuid[], $2::bigint[], $3::timestamptz[], $4::bigint[]) AS c(id, balance, billed_at, position)
        WHERE o.id = c.id AND o.balance_position < c.position`,
      [arrayLiteral(rows.map(([id]) => id)), arrayLiteral(rows.map(([, c]) => c.balance)), arrayLiteral(rows.map(([, c]) => c.billedAt)), arrayLiteral(rows.map(([, c]) => c.position))],
    );
  },
};
