import type { UsageBatchOutcome, UsageRecordInput } from '../credits/commands.ts';
import type { PricedUsage } from '../credits/usage-events.ts';
import type { UsageRead } from '../credits/usage-ids.ts';
import type { Queryable } from '../eventstore/store.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { parsePico, picoToNumber } from '../platform/decimal.ts';
import { DomainError } from '../platform/errors.ts';
import { formatCount } from '../platform/text.ts';
import { RATE_CARD_STREAMS, type RateCards } from '../ratecard/rate-card.ts';
import { checkEvents, MAX_EVENTS, type Checked, type Reason } from './check.ts';

/** What ingestion needs: the rate card kept in the process, and the credits' front door for a batch of priced usage. */
export interface UsageDeps {
  rateCards: RateCards;
  credits: {
    recordUsage(input: UsageRecordInput): Promise<UsageBatchOutcome>;
    readUsage(orgId: string, ids: string[], streams: string[], at?: string): Promise<UsageRead>;
    quoteUsage(input: { orgId: string; userId: string | null; items: PricedUsage[]; at?: string }, read: UsageRead): Promise<UsageBatchOutcome>;
  };
}

export interface EventResult {
  id: string;
  status: 'accepted' | 'duplicate' | 'rejected';
  credits?: number;
  reason?: Reason;
  message?: string;
}

export interface IngestAnswer {
  results: EventResult[];
  /** Whole credits debited (for a quote: that would be debited now). */
  debited: number;
  /** The exact cost of the accepted events. */
  credits: number;
  balance: number;
  available: number;
}

export class TooManyEvents extends DomainError {
  constructor() {
    super(413, 'too_many_events', `At most ${formatCount(MAX_EVENTS)} events per request`, { error: 'too_many_events' });
  }
}

const REFUSED: Record<string, string> = {
  insufficient_credits: 'the organization has no credits left for this event',
  budget_exceeded: 'a budget has no credits left for this event',
};

export interface IngestInput {
  orgId: string;
  userId: string | null;
  events: unknown[];
  metadata: EventMetadata;
  /** The clock (tests move it). */
  now?: number;
}

/** The ids of a batch's events (those that have one), to look up in one read. */
const idsOf = (events: unknown[]) => [...new Set(events.flatMap((e) => (e && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string' ? [(e as { id: string }).id] : [])))];

/**
 * A batch of usage events: each checked and priced by the rate-card version in force at its
 * timestamp, then (`record`) decided and debited by the credits in one append, or (`quote`) only
 * answered as it would be now. Either way from one read (the rate card's stream versions and the
 * ids seen; a record's inside its transaction, a quote's with the organization's version), with
 * the card and the organization's state the process keeps.
 */
export async function ingestUsage(deps: UsageDeps, input: IngestInput, mode: 'record' | 'quote'): Promise<IngestAnswer> {
  if (input.events.length > MAX_EVENTS) throw new TooManyEvents();
  const { orgId, userId } = input;
  const now = input.now ?? Date.now();
  const at = new Date(now).toISOString();
  // Each event checked and priced as of the versions read (a record's transaction may run again: the last pricing counts).
  let checked: Checked[] = [];
  let items: PricedUsage[] = [];
  const price = async (versions: ReadonlyMap<string, number>, client?: Queryable) => {
    checked = checkEvents(input.events, await deps.rateCards.at(versions, client), now);
    items = checked.flatMap((c) => (c.ok ? [c.item] : []));
    return items;
  };
  let outcome: UsageBatchOutcome;
  if (mode === 'quote') {
    const read = await deps.credits.readUsage(orgId, idsOf(input.events), RATE_CARD_STREAMS, at);
    outcome = await deps.credits.quoteUsage({ orgId, userId, items: await price(read.versions), at }, read);
  } else {
    outcome = await deps.credits.recordUsage({ orgId, userId, ids: idsOf(input.events), streams: RATE_CARD_STREAMS, price, metadata: input.metadata, at });
  }
  let next = 0;
  let exact = 0n;
  const results = checked.map((c): EventResult => {
    if (!c.ok) return { id: c.id, status: 'rejected', reason: c.reason, message: c.message };
    const item = items[next];
    const result = outcome.results[next++];
    if (result.status === 'rejected') return { id: item.id, status: 'rejected', reason: result.reason, message: REFUSED[result.reason] };
    const credits = parsePico(result.credits);
    if (result.status === 'accepted') exact += credits;
    return { id: item.id, status: result.status, credits: picoToNumber(credits) };
  });
  return { results, debited: outcome.debited, credits: picoToNumber(exact), balance: outcome.balance, available: outcome.available };
}
