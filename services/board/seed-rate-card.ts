import type { FastifyInstance } from 'fastify';
import { ConcurrencyError } from '../eventstore/errors.ts';
import { rateCardDecider } from '../ratecard/decider.ts';
import { RATE_CARD_STREAM } from '../ratecard/events.ts';
import { LLM_DEFAULT_MODEL, llmEntries } from '../ratecard/legacy.ts';
import { loadRateCard } from '../ratecard/rate-card.ts';
import { MAX_BACKDATE_MS } from '../usage/check.ts';
import { DEFAULT_PRICE } from './pricing.ts';

/** The demo's first rate card: the board's default model prices (any model) and a meter other software can send. */
export const DEMO_RATE_CARD = [
  ...llmEntries(LLM_DEFAULT_MODEL, DEFAULT_PRICE),
  { meter: 'api.call', unit: 'call', description: "A call to your product's API", creditsPerUnit: 0.5 },
];

/**
 * Publishes the demo rate card when none was ever published (a first version on an empty stream: a
 * second start, or one racing it, finds the stream there and adds nothing). Answers whether it published.
 * It is in force from as far back as usage may be sent late (35 days), so that usage a user stamps in
 * the past, as the README's example does, is priced rather than refused `no_rate_card`.
 */
export async function seedDemoRateCard(app: FastifyInstance): Promise<boolean> {
  if ((await loadRateCard(app.store)).versions.length > 0) return false;
  const now = Date.now();
  const at = new Date(now).toISOString();
  const effectiveFrom = new Date(now - MAX_BACKDATE_MS).toISOString();
  try {
    await app.commands.run(rateCardDecider, RATE_CARD_STREAM, { type: 'PublishRateCard', data: { entries: DEMO_RATE_CARD, effectiveFrom, by: null, at } }, {
      metadata: { actor: 'system' },
      expected: 'no_stream',
    });
    return true;
  } catch (err) {
    if (err instanceof ConcurrencyError) return false;
    throw err;
  }
}
