import { insertRows, primaryKey } from '../rows.ts';
import type { Projection } from '../types.ts';
import { upcastOrgEvent, type CreditsDebited, type CreditsExpired, type CreditsGranted, type CreditsRevoked } from '../../services/credits/events.ts';

type CreditEvent = CreditsGranted | CreditsDebited | CreditsRevoked | CreditsExpired;

/** A debit's movement type: its usage record (queries.ts recentUsage reads them through the partial index on it). */
export const USAGE_MOVEMENT = 'usage';

/** What a movement shows as: its type in the list, its signed amount, and the lot or hold it concerns. */
function movement(event: CreditEvent): { type: string; amount: number; lotId: string | null; holdId: string | null } {
  switch (event.type) {
    case 'CreditsGranted':
      return { type: event.data.kind, amount: event.data.amount, lotId: event.data.lotId, holdId: null };
    case 'CreditsDebited':
      return { type: USAGE_MOVEMENT, amount: -event.data.amount, lotId: null, holdId: event.data.holdId ?? null };
    case 'CreditsRevoked':
      return { type: event.data.kind, amount: -event.data.amount, lotId: null, holdId: null };
    case 'CreditsExpired':
      return { type: 'expired', amount: -event.data.amount, lotId: event.data.lotId, holdId: null };
  }
}

/**
 * What a movement says in the member's history. A refund never names a charge (ones recorded
 * before refunds said their amount named it: that becomes "Refund"), and says in words when its
 * credits had already been spent (nothing, or less than the refund's share, could be taken back).
 */
export function movementDescription(event: CreditEvent): string {
  if (event.type === 'CreditsExpired') return 'Credits expired';
  if (event.type !== 'CreditsRevoked' || event.data.kind !== 'refund') return event.data.description;
  const base = event.data.description.replace(/^Refund of charge \S+$/, 'Refund');
  const { amount, shortfall } = event.data;
  if (shortfall <= 0) return base;
  if (amount <= 0) return `${base} — its credits were already spent`;
  return `${base} — ${shortfall} of its credits were already spent`;
}

const TRANSACTION_COLUMNS = [
  ['id', 'uuid'], ['org_id', 'uuid'], ['type', 'text'], ['amount', 'bigint'], ['description', 'text'], ['balance_after', 'bigint'],
  ['created_at', 'timestamptz'], ['position', 'bigint'], ['lot_id', 'text'], ['hold_id', 'uuid'], ['lots', 'jsonb'],
] as const;

/**
 * Every credit movement of every organization, with the lots it took from. A debit's movement (type
 * `usage`) is also its usage record (ledger/queries.ts recentUsage), read through a partial index.
 */
export const ledgerProjection: Projection<CreditEvent> = {
  name: 'ledger',
  // 2: expiries, and the lot (grant, expiry), hold (capture) and lots taken of each movement.
  // 3: refunds say their amount and whether their credits were already spent, never a charge id.
  // 4: a usage record per debit (keyed by its event): a metered batch over several projects, whose
  //    debits share a usage id, showed only its first project's credits.
  // 5: no usage_records table: a debit's usage record was its movement again (the same id, amount,
  //    description, time and position, and a user no reader read), a third more rows for a rebuild
  //    to write and a second insert for every debit.
  version: 5,
  handles: ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked', 'CreditsExpired'] satisfies CreditEvent['type'][],
  tables: ['credit_transactions'],
  retired: ['usage_records'],
  schema: (t) => `
    CREATE TABLE ${t('credit_transactions')} (
      id            uuid NOT NULL,
      org_id        uuid NOT NULL,
      type          text NOT NULL,
      amount        bigint NOT NULL,
      description   text NOT NULL,
      balance_after bigint NOT NULL,
      created_at    timestamptz NOT NULL,
      position      bigint NOT NULL,
      lot_id        text,
      hold_id       uuid,
      lots          jsonb
    );`,
  // The names CREATE INDEX ON … (org_id, position DESC) gave them before. The primary keys too are made
  // after a rebuild's load: kept up row by row, a random uuid's index cost the COPY three times the rows'
  // own writing (150,000 movements: 4.4 s with it, 1.2 s without, 0.7 s to build it after). Each row is
  // an event's, applied once: live tables refuse one written twice.
  indexes: (t) => `
    ${primaryKey(t('credit_transactions'), 'id')}
    CREATE INDEX IF NOT EXISTS ${t('credit_transactions')}_org_id_position_idx ON ${t('credit_transactions')} (org_id, position DESC);
    CREATE INDEX IF NOT EXISTS ${t('credit_transactions')}_usage_idx ON ${t('credit_transactions')} (org_id, position DESC) WHERE type = '${USAGE_MOVEMENT}';`,
  async apply(db, events, t) {
    const transactions = events.map((stored) => {
      const event = upcastOrgEvent(stored);
      const d = event.data;
      const { type, amount, lotId, holdId } = movement(event);
      return {
        id: event.eventId,
        org_id: d.orgId,
        type,
        amount,
        description: movementDescription(event),
        balance_after: d.balanceAfter,
        created_at: d.at,
        position: event.globalPosition,
        lot_id: lotId,
        hold_id: holdId,
        lots: event.type === 'CreditsDebited' || event.type === 'CreditsRevoked' ? (event.data.lots ?? null) : null,
      };
    });
    // Each row is an event's, applied once (its batch moves the checkpoint): the first of its key.
    await insertRows(db, t('credit_transactions'), TRANSACTION_COLUMNS, transactions);
  },
};
