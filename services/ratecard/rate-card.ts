import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import { toMicros } from '../platform/decimal.ts';
import { rateCardDecider } from './decider.ts';
import { RATE_CARD_STREAM, versionAt, type RateCardState, type RateCardVersion } from './events.ts';
import { LEGACY_PRICE_STREAM, legacyVersion, type LegacyPriceTable } from './legacy.ts';

/** The rate card from its stream; while no version is published, the board's old price table is version 0. */
export async function loadRateCard(store: EventStore): Promise<RateCardState> {
  const card = await loadState(store, rateCardDecider, RATE_CARD_STREAM);
  if (card.versions.length > 0) return card;
  const legacy = (await store.readStream(LEGACY_PRICE_STREAM)).at(-1);
  return legacy ? { versions: [legacyVersion(legacy.data as LegacyPriceTable)] } : card;
}

export type Priced = { ok: true; pico: bigint; version: number } | { ok: false; reason: 'unknown_meter' | 'no_rate_card' };

/** An event's cost in picocredits by the version in force at its timestamp (quantity in millionths). */
export function priceAt(card: RateCardState, meter: string, quantityMicros: bigint, at: string): Priced {
  const version = versionAt(card, at);
  if (!version) return { ok: false, reason: 'no_rate_card' };
  return priceIn(version, meter, quantityMicros);
}

export function priceIn(version: RateCardVersion, meter: string, quantityMicros: bigint): Priced {
  const entry = version.entries.find((e) => e.meter === meter);
  if (!entry) return { ok: false, reason: 'unknown_meter' };
  const price = toMicros(entry.creditsPerUnit) ?? 0n;
  // millionths × millionths = 10⁻¹² credits, exactly.
  return { ok: true, pico: price * quantityMicros, version: version.version };
}
