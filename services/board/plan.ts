import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { EventStore } from '../eventstore/store.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import type { AdvisorSpec } from './advisors.ts';
import type { Turn } from './events.ts';
import type { LlmSettings } from './llm/settings.ts';
import { providerName } from './llm/request.ts';
import { estimateCallInputTokens, MAX_ROUNDS } from './llm/tokens.ts';
import { advisorMessages, advisorSystem, synthesisRequest, type MeetingContext } from './meeting.ts';
import { MODE_TABLE, strictFormat, SYNTHESIS, type MeetingMode, type ModeDefinition } from './modes/table.ts';
import { loadRateCard } from '../ratecard/rate-card.ts';
import { versionAt } from '../ratecard/events.ts';
import { boardPrices, modelPrice, type MeterPrice } from './price-table.ts';
import { maxCost } from './pricing.ts';

/** One meeting (a session's turn) as asked: who, how, about what, with what the board knows. */
export interface MeetingInput {
  sessionId: string;
  /** Unique per request: two follow-ups racing never share a hold. */
  requestId: string;
  orgId: string;
  projectId: string;
  /** For the history's lines (the holds' and debits' descriptions). */
  projectName?: string;
  userId: string;
  turn: number;
  question: string;
  mode: MeetingMode;
  rounds: number;
  specs: AdvisorSpec[];
  /** The chair (one of specs), or null: no synthesis. */
  chairId: string | null;
  /** Earlier turns of the session. */
  history: readonly Turn[];
  context: MeetingContext;
  metadata: EventMetadata;
}

/** One call of the meeting with its price and the most it may cost (its hold). */
export interface PlannedCall {
  round: number;
  spec: AdvisorSpec;
  system: string;
  responseFormat?: ResponseFormatJSONSchema;
  maxTokens: number;
  /** Its model's price and the rate-card meters it comes from. */
  price: MeterPrice;
  maxCredits: number;
}

export interface Meeting extends MeetingInput {
  modeDef: ModeDefinition;
  calls: PlannedCall[];
  synthesis: PlannedCall | null;
}

export interface Quote {
  maxCredits: number;
  perAdvisor: { assistantId: string; name: string; rounds: number[]; credits: number }[];
  synthesis: { assistantId: string; name: string; credits: number } | null;
}

/** The answer's format in this mode: the mode's shape, else the assistant's own output components (or text). */
function formatOf(spec: AdvisorSpec, mode: ModeDefinition): ResponseFormatJSONSchema | undefined {
  return mode.shape ? strictFormat(providerName(`${mode.mode}_answer`, 'answer'), mode.shape) : spec.responseFormat;
}

/** Output limit: the mode's (measured); an assistant's own output components keep LLM_MAX_OUTPUT_TOKENS. */
const outputLimit = (spec: AdvisorSpec, mode: ModeDefinition, settings: LlmSettings) =>
  !mode.shape && spec.responseFormat ? settings.maxOutputTokens : mode.maxOutputTokens;

/** Whether a synthesis is written: a chair, and more than one answer to sum up. */
export const hasSynthesis = (input: Pick<MeetingInput, 'chairId' | 'specs' | 'rounds'>) => !!input.chairId && (input.specs.length > 1 || input.rounds > 1);

/**
 * The most one advisor's call in a round can cost. From round 2 it also reads its own answer and the
 * others' answers of the round before, each at most its output limit: the request is estimated with
 * them empty, and their limits added (for every request of a call with functions).
 */
export function planCall(input: MeetingInput, mode: ModeDefinition, spec: AdvisorSpec, round: number, settings: LlmSettings, price: MeterPrice): PlannedCall {
  const system = advisorSystem(spec.system, mode, input.rounds, input.context);
  const responseFormat = formatOf(spec, mode);
  const maxTokens = outputLimit(spec, mode, settings);
  const others = input.specs.filter((s) => s.assistantId !== spec.assistantId);
  const messages = advisorMessages(input.history, spec.assistantId, input.question, round, input.rounds, mode, '', others.map((o) => ({ name: o.name, text: '' })));
  const heard = round === 1 ? 0 : input.specs.reduce((n, s) => n + outputLimit(s, mode, settings), 0);
  const requests = spec.tools?.length ? MAX_ROUNDS : 1;
  const tokensIn = estimateCallInputTokens({ system, messages, tools: spec.tools, responseFormat }, maxTokens) + heard * requests;
  return { round, spec, system, responseFormat, maxTokens, price, maxCredits: maxCost(price, tokensIn, maxTokens) };
}

function planSynthesis(input: MeetingInput, mode: ModeDefinition, chair: AdvisorSpec, settings: LlmSettings, price: MeterPrice): PlannedCall {
  const heard = input.specs.flatMap((s) => Array.from({ length: input.rounds }, (_, i) => ({ round: i + 1, name: s.name, text: '' })));
  const { system, messages } = synthesisRequest(chair.system, input.question, heard, input.specs.map((s) => s.name), input.context);
  const responseFormat = strictFormat('synthesis', SYNTHESIS.shape);
  const answers = input.specs.reduce((n, s) => n + outputLimit(s, mode, settings), 0) * input.rounds;
  const tokensIn = estimateCallInputTokens({ system, messages, responseFormat }, SYNTHESIS.maxOutputTokens) + answers;
  return { round: 0, spec: chair, system, responseFormat, maxTokens: SYNTHESIS.maxOutputTokens, price, maxCredits: maxCost(price, tokensIn, SYNTHESIS.maxOutputTokens) };
}

/** What each model's tokens cost now: the rate card's `llm.*` meters in force. */
export async function priceTable(store: EventStore) {
  return modelPrice(boardPrices(versionAt(await loadRateCard(store), new Date().toISOString())));
}

/** Every call of the meeting, each with the hold it needs: the quote is their sum. */
export async function planMeeting(deps: { store: EventStore; settings: LlmSettings }, input: MeetingInput): Promise<Meeting> {
  const priceOf = await priceTable(deps.store);
  const modeDef = MODE_TABLE[input.mode];
  const calls: PlannedCall[] = [];
  for (let round = 1; round <= input.rounds; round++) {
    for (const spec of input.specs) calls.push(planCall(input, modeDef, spec, round, deps.settings, priceOf(spec.model)));
  }
  const chair = hasSynthesis(input) ? input.specs.find((s) => s.assistantId === input.chairId) : undefined;
  const synthesis = chair ? planSynthesis(input, modeDef, chair, deps.settings, priceOf(chair.model)) : null;
  return { ...input, modeDef, calls, synthesis };
}

export function quoteOf(meeting: Meeting): Quote {
  const perAdvisor = meeting.specs.map((s) => {
    const rounds = meeting.calls.filter((c) => c.spec.assistantId === s.assistantId).map((c) => c.maxCredits);
    return { assistantId: s.assistantId, name: s.name, rounds, credits: rounds.reduce((n, c) => n + c, 0) };
  });
  const synthesis = meeting.synthesis && { assistantId: meeting.synthesis.spec.assistantId, name: meeting.synthesis.spec.name, credits: meeting.synthesis.maxCredits };
  return { maxCredits: perAdvisor.reduce((n, p) => n + p.credits, 0) + (synthesis?.credits ?? 0), perAdvisor, synthesis };
}
