import type { Decider } from '../eventstore/decider.ts';
import { toMicros } from '../platform/decimal.ts';
import { ValidationError } from '../platform/errors.ts';
import { formatCount } from '../platform/text.ts';
import { evolveRateCard, initialRateCard, latestVersion, METER_KEY, type RateCardEntry, type RateCardEvent, type RateCardState } from './events.ts';

export const MAX_CREDITS_PER_UNIT = 1_000_000;
export const MAX_ENTRIES = 1_000;

/** Publishes a new version (numbered after the last); `effectiveFrom` may not be before the latest version's. */
export type PublishRateCard = {
  type: 'PublishRateCard';
  data: { entries: RateCardEntry[]; effectiveFrom: string; by: string | null; at: string };
};

/** Why a price cannot be used, or null: 0 to 1,000,000 credits per unit with at most 6 decimals. */
export function priceProblem(creditsPerUnit: number): string | null {
  const micros = toMicros(creditsPerUnit);
  if (micros === null || micros < 0n || creditsPerUnit > MAX_CREDITS_PER_UNIT) {
    return `creditsPerUnit must be a number of credits from 0 to ${formatCount(MAX_CREDITS_PER_UNIT)} with at most 6 decimals`;
  }
  return null;
}

function publish({ data }: PublishRateCard, state: RateCardState): RateCardEvent[] {
  if (data.entries.length === 0) throw new ValidationError('a rate card needs at least one meter', 'entries');
  if (data.entries.length > MAX_ENTRIES) throw new ValidationError(`a rate card has at most ${MAX_ENTRIES} meters`, 'entries');
  const seen = new Set<string>();
  for (const entry of data.entries) {
    if (!METER_KEY.test(entry.meter)) throw new ValidationError(`meter ${JSON.stringify(entry.meter)}: letters, digits and . _ : / - only, at most 200`, 'entries');
    if (seen.has(entry.meter)) throw new ValidationError(`meter ${entry.meter} is listed twice`, 'entries');
    seen.add(entry.meter);
    const problem = priceProblem(entry.creditsPerUnit);
    if (problem) throw new ValidationError(`${entry.meter}: ${problem}`, 'entries');
  }
  const effective = Date.parse(data.effectiveFrom);
  if (Number.isNaN(effective)) throw new ValidationError('effectiveFrom must be a date and time', 'effectiveFrom');
  const latest = latestVersion(state);
  if (latest && effective < Date.parse(latest.effectiveFrom)) {
    throw new ValidationError(`effectiveFrom may not be before the current version's (${latest.effectiveFrom})`, 'effectiveFrom');
  }
  const entries = [...data.entries].sort((a, b) => a.meter.localeCompare(b.meter));
  const version = (latest?.version ?? 0) + 1;
  return [{ type: 'RateCardPublished', data: { version, effectiveFrom: new Date(effective).toISOString(), entries, publishedAt: data.at, publishedBy: data.by } }];
}

export const rateCardDecider: Decider<PublishRateCard, RateCardEvent, RateCardState> = {
  initialState: initialRateCard,
  evolve: evolveRateCard,
  decide: (command, state) => publish(command, state),
  snapshotVersion: 1,
};
