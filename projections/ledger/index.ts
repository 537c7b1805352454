import type { Projection } from '../types.ts';
import type { CreditsDebited, CreditsGranted, CreditsRevoked } from '../../services/orgs/events.ts';

type CreditEvent = CreditsGranted | CreditsDebited | CreditsRevoked;

/** Every credit movement of every organization, and the usage records behind the debits. */
export const ledgerProjection: Projection = {
  name: 'ledger',
  version: 1,
  handles: ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked'] satisfies CreditEvent['type'][],
  tables: ['credit_transactions', 'usage_records'],
  schema: (t) => `
    CREATE TABLE ${t('credit_transactions')} (
      id            uuid PRIMARY KEY,
      org_id        uuid NOT NULL,
      type          text NOT NULL,
      amount        bigint NOT NULL,
      description   text NOT NULL,
      balance_after bigint NOT NULL,
      created_at    timestamptz NOT NULL,
      position      bigint NOT NULL
    );
    CREATE INDEX ON ${t('credit_transactions')} (org_id, position DESC);
    CREATE TABLE ${t('usage_records')} (
      id           uuid PRIMARY KEY,
      org_id       uuid NOT NULL,
      user_id      uuid,
      credits_used bigint NOT NULL,
      description  text NOT NULL,
      created_at   timestamptz NOT NULL,
      position     bigint NOT NULL
    );
    CREATE INDEX ON ${t('usage_records')} (org_id, position DESC);`,
  async apply(db, events, t) {
    const transactions = events.map((stored) => {
      const event = stored as unknown as CreditEvent;
      const d = event.data;
      const [type, amount] =
        event.type === 'CreditsGranted'
          ? [event.data.kind, d.amount]
          : event.type === 'CreditsDebited'
            ? ['usage', -d.amount]
            : [event.data.kind, -d.amount];
      return {
        id: stored.eventId,
        org_id: d.orgId,
        type,
        amount,
        description: d.description,
        balance_after: d.balanceAfter,
        created_at: d.at,
        position: stored.globalPosition,
      };
    });
    await db.query(
      `INSERT INTO ${t('credit_transactions')} (id, org_id, type, amount, description, balance_after, created_at, position)
       SELECT id, org_id, type, amount, description, balance_after, created_at, position
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, org_id uuid, type text, amount bigint, description text,
                                                 balance_after bigint, created_at timestamptz, position bigint)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(transactions)],
    );
    const usage = events
      .filter((e) => e.type === 'CreditsDebited')
      .map((stored) => {
        const d = (stored as unknown as CreditsDebited).data;
        return { id: d.usageId, org_id: d.orgId, user_id: d.userId, credits_used: d.amount, description: d.description, created_at: d.at, position: stored.globalPosition };
      });
    if (usage.length === 0) return;
    await db.query(
      `INSERT INTO ${t('usage_records')} (id, org_id, user_id, credits_used, description, created_at, position)
       SELECT id, org_id, user_id, credits_used, description, created_at, position
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, org_id uuid, user_id uuid, credits_used bigint, description text,
                                                 created_at timestamptz, position bigint)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(usage)],
    );
  },
};
