import type { DomainEvent } from '../eventstore/types.ts';

/**
 * The rate card: credits per unit of each meter, published as versions (events on the `rate-card`
 * stream); a version is never edited, a new one is published with the date it applies from.
 */
export const RATE_CARD_STREAM = 'rate-card';

/** A meter (`llm.gpt-4o.output_tokens`, `api.call`) with its price in this version. */
export interface RateCardEntry {
  meter: string;
  unit: string;
  description: string;
  /** Credits per unit: a decimal with at most 6 decimals (0.003). */
  creditsPerUnit: number;
}

export interface RateCardVersion {
  version: number;
  /** Usage at or after this instant is priced by this version (until a later one applies). */
  effectiveFrom: string;
  entries: RateCardEntry[];
  publishedAt: string;
  publishedBy: string | null;
}

export type RateCardPublished = DomainEvent<'RateCardPublished', RateCardVersion>;
export type RateCardEvent = RateCardPublished;

export interface RateCardState {
  /** Oldest first. */
  versions: RateCardVersion[];
}

export const initialRateCard = (): RateCardState => ({ versions: [] });

export const evolveRateCard = (state: RateCardState, event: RateCardEvent): RateCardState => ({ versions: [...state.versions, event.data] });

/** The version in force at `at`: the latest published of those already effective then (null before the first). */
export function versionAt(state: RateCardState, at: string): RateCardVersion | null {
  const time = Date.parse(at);
  let found: RateCardVersion | null = null;
  for (const v of state.versions) if (Date.parse(v.effectiveFrom) <= time && (!found || v.version > found.version)) found = v;
  return found;
}

/** The latest version published (the one a new version must not start before). */
export const latestVersion = (state: RateCardState): RateCardVersion | null => state.versions.at(-1) ?? null;

export const METER_KEY = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}$/;
