import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { toMicros } from '../platform/decimal.ts';
import { rateCardDecider } from './decider.ts';
import { RATE_CARD_STREAM, versionAt, type RateCardState, type RateCardVersion } from './events.ts';
import { LEGACY_PRICE_STREAM, legacyVersion, type LegacyPriceTable } from './legacy.ts';

/** The rate card from its stream; while no version is published, the board's old price table is version 0. */
export async function loadRateCard(store: EventStore, client?: Queryable): Promise<RateCardState> {
  const card = await loadState(store, rateCardDecider, RATE_CARD_STREAM, client);
  if (card.versions.length > 0) return card;
  const legacy = (await store.readStream(LEGACY_PRICE_STREAM, { client })).at(-1);
  return legacy ? { versions: [legacyVersion(legacy.data as LegacyPriceTable)] } : card;
}

/** The streams the rate card is made of: their versions tell when a kept card is stale. */
export const RATE_CARD_STREAMS = [RATE_CARD_STREAM, LEGACY_PRICE_STREAM];

/**
 * The rate card kept in the process, as of its streams' versions: a caller reads those versions
 * (with its other reads, in one round trip) and the card is loaded again only when they moved.
 */
export class RateCards {
  private kept: { key: string; prices: RateCardPrices } | null = null;

  constructor(private readonly store: EventStore) {}

  /**
   * The card as of these versions (`versions` holds RATE_CARD_STREAMS' as read, a stream not yet
   * written absent). A caller inside a transaction passes its client: the card is then read on the
   * connection it holds, never on a second one from the pool (which transactions waiting for one
   * could exhaust).
   */
  async at(versions: ReadonlyMap<string, number>, client?: Queryable): Promise<RateCardPrices> {
    const key = RATE_CARD_STREAMS.map((s) => versions.get(s) ?? 0).join('/');
    if (this.kept?.key === key) return this.kept.prices;
    // Loaded after the versions were read: at least as new as they say (a newer card is read again at the next move).
    const prices = new RateCardPrices(await loadRateCard(this.store, client));
    this.kept = { key, prices };
    return prices;
  }
}

export type Priced = { ok: true; pico: bigint; version: number } | { ok: false; reason: 'unknown_meter' | 'no_rate_card' };

/**
 * A rate card's prices: an event's cost in picocredits by the version in force at its timestamp
 * (quantity in millionths). Each version's price of a meter is looked up once, and the version of
 * the instant asked last is kept: a batch prices many events by few versions, most at one instant.
 */
export class RateCardPrices {
  private readonly prices = new Map<RateCardVersion, Map<string, bigint>>();
  private lastAt: string | null = null;
  private lastVersion: RateCardVersion | null = null;

  constructor(readonly card: RateCardState) {}

  at(meter: string, quantityMicros: bigint, at: string): Priced {
    if (at !== this.lastAt) {
      this.lastVersion = versionAt(this.card, at);
      this.lastAt = at;
    }
    const version = this.lastVersion;
    if (!version) return { ok: false, reason: 'no_rate_card' };
    const price = this.priceOf(version, meter);
    // millionths × millionths = 10⁻¹² credits, exactly.
    return price === null ? { ok: false, reason: 'unknown_meter' } : { ok: true, pico: price * quantityMicros, version: version.version };
  }

  /** A meter's price in millionths of a credit per unit in this version (null: the version has no such meter). */
  private priceOf(version: RateCardVersion, meter: string): bigint | null {
    let byMeter = this.prices.get(version);
    if (!byMeter) this.prices.set(version, (byMeter = new Map()));
    let price = byMeter.get(meter);
    if (price === undefined) {
      const entry = version.entries.find((e) => e.meter === meter);
      // Only the version's own meters are kept (a caller's unknown meters are not).
      if (!entry) return null;
      price = toMicros(entry.creditsPerUnit) ?? 0n;
      byMeter.set(meter, price);
    }
    return price;
  }
}
