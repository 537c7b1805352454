import { handleCommand, loadState } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { EventMetadata, LogPosition } from '../eventstore/types.ts';
import { storable } from '../platform/text.ts';
import type { Credits, PlacedHold } from '../credits/commands.ts';
import { MAX_HOLD_TTL_SECONDS } from '../credits/decisions.ts';
import { InsufficientCredits } from '../credits/errors.ts';
import type { AdvisorSpec } from './advisors.ts';
import { sessionDecider, type SessionCommand } from './decider.ts';
import { sessionStreamId, type SessionState } from './events.ts';
import { callAdvisor, type ChatTurn } from './llm/call.ts';
import type { LlmClient } from './llm/client.ts';
import { LlmError } from './llm/errors.ts';
import { estimateCallInputTokens, MAX_ROUNDS } from './llm/tokens.ts';
import type { LiveSessions } from './live.ts';
import { PRICE_TABLE_STREAM, priceTableDecider } from './price-table.ts';
import { actualCost, maxCost, priceFor, type ModelPrice } from './pricing.ts';

export interface BoardDeps {
  store: EventStore;
  /** The credits' front door: every advisor's call is paid through a hold. */
  credits: Pick<Credits, 'hold' | 'capture' | 'release' | 'view'>;
  commands?: { appended(position: LogPosition): void };
  llm: LlmClient;
  live: LiveSessions;
  log: { warn(obj: unknown, msg?: string): void };
  /** Aborts every call when the process stops (their holds are then released). */
  signal: AbortSignal;
  /** Keeps a background answer so that closing the process can wait for it. */
  track(work: Promise<void>): void;
}

/** One advisor's call in a turn, with its price and the most it may cost. */
interface Planned {
  spec: AdvisorSpec;
  messages: ChatTurn[];
  price: ModelPrice;
  maxCredits: number;
}

export interface Turn {
  sessionId: string;
  /** Unique per request: two follow-ups racing never share a hold. */
  requestId: string;
  orgId: string;
  userId: string;
  turn: number;
  question: string;
  specs: AdvisorSpec[];
  /** The earlier turns as each advisor saw them (its own answers only). */
  history: SessionState['turns'];
  metadata: EventMetadata;
}

/** What an advisor saw before: each earlier question and its own answer to it. */
function messagesFor(turn: Turn, assistantId: string): ChatTurn[] {
  const earlier = turn.history.flatMap((t): ChatTurn[] => {
    const own = t.answers.find((a) => a.assistantId === assistantId && a.status === 'answered');
    return [{ role: 'user', content: t.question }, ...(own ? [{ role: 'assistant' as const, content: own.text }] : [])];
  });
  return [...earlier, { role: 'user', content: turn.question }];
}

/** A hold outlives every try of a call: each request may wait the idle timeout, for every retry and round. */
export function holdTtlSeconds(llm: LlmClient): number {
  const { timeoutMs, maxRetries } = llm.settings;
  return Math.min(MAX_HOLD_TTL_SECONDS, Math.ceil((timeoutMs * (maxRetries + 1) * MAX_ROUNDS) / 1000) + 300);
}

export async function planTurn(deps: BoardDeps, turn: Turn): Promise<Planned[]> {
  const table = await loadState(deps.store, priceTableDecider, PRICE_TABLE_STREAM);
  const maxTokens = deps.llm.settings.maxOutputTokens;
  return turn.specs.map((spec) => {
    const messages = messagesFor(turn, spec.assistantId);
    const price = priceFor(spec.model, table.models, table.defaultPrice);
    const input = estimateCallInputTokens({ system: spec.system, messages, tools: spec.tools, responseFormat: spec.responseFormat }, maxTokens);
    return { spec, messages, price, maxCredits: maxCost(price, input, maxTokens) };
  });
}

const holdKey = (turn: Turn, assistantId: string) => `board-${turn.sessionId}-${turn.requestId}-${assistantId}`;

/**
 * Holds the most each advisor can cost, all or none: a member whose organization cannot cover
 * them gets a 402 before anything is called.
 */
export async function placeHolds(deps: BoardDeps, turn: Turn, planned: Planned[]): Promise<PlacedHold[]> {
  const needed = planned.reduce((n, p) => n + p.maxCredits, 0);
  const before = await deps.credits.view(turn.orgId);
  if (before.available < needed) throw new InsufficientCredits(before.balance, before.available);
  const holds: PlacedHold[] = [];
  try {
    for (const p of planned) {
      holds.push(
        await deps.credits.hold({
          orgId: turn.orgId,
          userId: turn.userId,
          credits: p.maxCredits,
          description: `Board: ${p.spec.name}`,
          idempotencyKey: holdKey(turn, p.spec.assistantId),
          ttlSeconds: holdTtlSeconds(deps.llm),
          metadata: turn.metadata,
        }),
      );
    }
    return holds;
  } catch (err) {
    await releaseAll(deps, turn, holds);
    throw err;
  }
}

export async function releaseAll(deps: BoardDeps, turn: Turn, holds: PlacedHold[]): Promise<void> {
  for (const hold of holds) {
    await deps.credits.release({ orgId: turn.orgId, holdId: hold.holdId, metadata: turn.metadata }).catch((err) =>
      deps.log.warn({ err, holdId: hold.holdId }, 'could not release a board hold (it expires by itself)'),
    );
  }
}

/** Appends an advisor's outcome; a store that is briefly away is tried again, since the credits already moved. */
async function record(deps: BoardDeps, turn: Turn, command: SessionCommand): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await handleCommand(deps.store, sessionDecider, sessionStreamId(turn.sessionId), command, { metadata: turn.metadata });
      if (outcome.append) deps.commands?.appended(outcome.append.position);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}

const failure = (turn: Turn, assistantId: string, reason: string): SessionCommand => ({
  type: 'RecordFailure',
  data: { sessionId: turn.sessionId, turn: turn.turn, assistantId, reason, at: new Date().toISOString() },
});

/**
 * One advisor: call the model (text streamed to the live buffers), then capture the real cost
 * (rounded up, never above the hold) and record the answer; on any failure release the hold and
 * record the reason. Nothing is captured for an answer that did not arrive.
 */
async function answer(deps: BoardDeps, turn: Turn, p: Planned, hold: PlacedHold): Promise<void> {
  const { assistantId, name } = p.spec;
  let result;
  try {
    result = await callAdvisor(deps.llm, {
      model: p.spec.model,
      system: p.spec.system,
      messages: p.messages,
      responseFormat: p.spec.responseFormat,
      tools: p.spec.tools,
      signal: deps.signal,
      onDelta: (text) => deps.live.delta(turn.sessionId, turn.turn, assistantId, text),
    });
  } catch (err) {
    await releaseAll(deps, turn, [hold]);
    const reason = err instanceof LlmError ? err.reason : 'The board could not ask this advisor';
    if (!(err instanceof LlmError)) deps.log.warn({ err, assistantId }, 'board call failed');
    return record(deps, turn, failure(turn, assistantId, reason));
  }
  const credits = Math.min(actualCost(p.price, result.tokensIn, result.tokensOut), hold.credits);
  try {
    await deps.credits.capture({ orgId: turn.orgId, holdId: hold.holdId, userId: turn.userId, credits, description: `Board: ${name}`, metadata: turn.metadata });
  } catch (err) {
    deps.log.warn({ err, holdId: hold.holdId }, 'could not capture a board hold');
    return record(deps, turn, failure(turn, assistantId, 'The answer arrived after its credits hold had closed; nothing was charged'));
  }
  // A model may write characters Postgres cannot keep (NUL): they become U+FFFD.
  const { text, json, model, tokensIn, tokensOut } = storable(result);
  await record(deps, turn, {
    type: 'RecordAnswer',
    data: { sessionId: turn.sessionId, turn: turn.turn, assistantId, text, json, model, tokensIn, tokensOut, credits, holdId: hold.holdId, at: new Date().toISOString() },
  });
}

/** Starts every advisor's answer in the background; each one ends recorded as answered or failed. */
export function runTurn(deps: BoardDeps, turn: Turn, planned: Planned[], holds: PlacedHold[]): void {
  planned.forEach((p, i) => {
    const work = answer(deps, turn, p, holds[i])
      .catch((err) => deps.log.warn({ err, sessionId: turn.sessionId }, 'could not record a board answer'))
      .finally(() => deps.live.settled(turn.sessionId, turn.turn, p.spec.assistantId));
    deps.track(work);
  });
}
