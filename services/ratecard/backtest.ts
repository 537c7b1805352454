import { meteredItems } from '../credits/events.ts';
import type { Queryable } from '../eventstore/store.ts';
import { parsePico, picoToNumber, toMicros } from '../platform/decimal.ts';
import type { RateCardEntry } from './events.ts';
import { LLM_DEFAULT_MODEL, LLM_METER, llmMeter } from './legacy.ts';

export interface BacktestRow {
  orgId: string;
  name: string;
  events: number;
  charged: number;
  draft: number;
  difference: number;
  unpriced: number;
}

type Measured = Parameters<typeof meteredItems>[0];

/**
 * The log's events that may hold metered usage stamped in [from, to): usage batches (sent up to 35
 * days late) and the captures that name their meters (the board's calls).
 */
async function recordedUsage(db: Queryable, from: string, to: string): Promise<Measured[]> {
  const res = await db.query<Measured>(
    `SELECT type, data FROM events
      WHERE (type = 'UsageRecorded' OR (type = 'CreditsDebited' AND data ? 'metered'))
        AND created_at >= $1::timestamptz AND created_at < $2::timestamptz + interval '36 days'
      ORDER BY global_position`,
    [from, to],
  );
  return res.rows;
}

/**
 * The draft's price of a metered item. A board call's tokens of a model the draft does not name take its
 * `llm.default.*` price, as the board would; a usage event's meter it does not name is unpriced, as
 * ingestion would refuse it (`unknown_meter`).
 */
function draftPrice(prices: Map<string, bigint>, meter: string, boardCall: boolean): bigint | undefined {
  const own = prices.get(meter);
  if (own !== undefined || !boardCall) return own;
  const tokens = LLM_METER.exec(meter);
  return tokens ? prices.get(llmMeter(LLM_DEFAULT_MODEL, tokens[2] as 'input' | 'output')) : undefined;
}

/**
 * Per organization: what its usage stamped in [from, to) was charged (exact, as recorded) and what
 * the draft would have charged, replayed from the usage events of the log and the board's calls.
 */
export async function backtest(db: Queryable, draft: RateCardEntry[], from: string, to: string): Promise<BacktestRow[]> {
  const prices = new Map(draft.map((e) => [e.meter, toMicros(e.creditsPerUnit) ?? 0n]));
  const start = Date.parse(from);
  const end = Date.parse(to);
  const perOrg = new Map<string, { events: number; charged: bigint; draft: bigint; unpriced: number }>();
  for (const event of await recordedUsage(db, from, to)) {
    for (const item of meteredItems(event)) {
      const time = Date.parse(item.timestamp);
      if (time < start || time >= end) continue;
      const row = perOrg.get(event.data.orgId) ?? { events: 0, charged: 0n, draft: 0n, unpriced: 0 };
      row.events++;
      row.charged += parsePico(item.credits);
      const price = draftPrice(prices, item.meter, event.type === 'CreditsDebited');
      if (price === undefined) row.unpriced++;
      else row.draft += price * (toMicros(item.quantity) ?? 0n);
      perOrg.set(event.data.orgId, row);
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
