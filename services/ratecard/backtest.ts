import type { UsageRecorded } from '../credits/usage-events.ts';
import type { Queryable } from '../eventstore/store.ts';
import { parsePico, picoToNumber, toMicros } from '../platform/decimal.ts';
import type { RateCardEntry } from './events.ts';

export interface BacktestRow {
  orgId: string;
  name: string;
  events: number;
  charged: number;
  draft: number;
  difference: number;
  unpriced: number;
}

/** The log's recorded usage batches that may hold events stamped in [from, to) (sent up to 35 days late). */
async function recordedUsage(db: Queryable, from: string, to: string): Promise<UsageRecorded['data'][]> {
  const res = await db.query<{ data: UsageRecorded['data'] }>(
    `SELECT data FROM events WHERE type = 'UsageRecorded' AND created_at >= $1::timestamptz AND created_at < $2::timestamptz + interval '36 days' ORDER BY global_position`,
    [from, to],
  );
  return res.rows.map((r) => r.data);
}

/**
 * Per organization: what its usage stamped in [from, to) was charged (exact, as recorded) and what
 * the draft would have charged, replayed from the usage events of the log.
 */
export async function backtest(db: Queryable, draft: RateCardEntry[], from: string, to: string): Promise<BacktestRow[]> {
  const prices = new Map(draft.map((e) => [e.meter, toMicros(e.creditsPerUnit) ?? 0n]));
  const start = Date.parse(from);
  const end = Date.parse(to);
  const perOrg = new Map<string, { events: number; charged: bigint; draft: bigint; unpriced: number }>();
  for (const batch of await recordedUsage(db, from, to)) {
    for (const item of batch.items) {
      const time = Date.parse(item.timestamp);
      if (time < start || time >= end) continue;
      const row = perOrg.get(batch.orgId) ?? { events: 0, charged: 0n, draft: 0n, unpriced: 0 };
      row.events++;
      row.charged += parsePico(item.credits);
      const price = prices.get(item.meter);
      if (price === undefined) row.unpriced++;
      else row.draft += price * (toMicros(item.quantity) ?? 0n);
      perOrg.set(batch.orgId, row);
    }
  }
  if (perOrg.size === 0) return [];
  const names = await db.query<{ id: string; name: string }>('SELECT id, name FROM orgs WHERE id = ANY($1::uuid[])', [[...perOrg.keys()]]);
  const nameOf = new Map(names.rows.map((r) => [r.id, r.name]));
  return [...perOrg]
    .map(([orgId, r]) => ({
      orgId,
      name: nameOf.get(orgId) ?? orgId,
      events: r.events,
      charged: picoToNumber(r.charged),
      draft: picoToNumber(r.draft),
      difference: picoToNumber(r.draft - r.charged),
      unpriced: r.unpriced,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
