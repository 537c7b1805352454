import type { ChatCompletionFunctionTool, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { AttemptFailed, streamRound, type RoundParams } from './attempt.ts';
import type { Round } from './chunks.ts';
import type { LlmClient } from './client.ts';
import { LlmError, reasonFor, type Failure, type UsageSoFar } from './errors.ts';
import { modelCallDuration, modelCallFailures, modelCalls, modelTokens } from '../../platform/metrics.ts';
import { retryDelay, sleep } from './retry.ts';
import { estimateTokens, MAX_ROUNDS, requestText } from './tokens.ts';

/** An earlier turn of the session, or the question (last). */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AdvisorRequest {
  model: string;
  /** The assistant's task. */
  system: string;
  messages: readonly ChatTurn[];
  /** From responseFormatFor: the answer is then parsed into `json`. */
  responseFormat?: ResponseFormatJSONSchema;
  /** From toolsFor. */
  tools?: readonly ChatCompletionFunctionTool[];
  /** Output budget of the whole call (all rounds share it); default LLM_MAX_OUTPUT_TOKENS. */
  maxTokens?: number;
  signal?: AbortSignal;
  /** Text as it arrives, from every round. */
  onDelta?: (text: string) => void;
}

export interface AdvisorAnswer {
  /** Everything streamed to onDelta, all rounds joined. */
  text: string;
  /** The last round's text parsed, when a response format was asked; else null. */
  json: unknown;
  /** The model the provider says answered (it may name a dated version), else the one asked for. */
  model: string;
  tokensIn: number;
  tokensOut: number;
  /** True when the provider did not report usage for some round and we counted it ourselves. */
  usageEstimated: boolean;
  rounds: number;
  finishReason: string;
}

/** What the board answers for a function it cannot run. */
export const NOT_AVAILABLE = 'not available';

function paramsFor(request: AdvisorRequest, messages: ChatCompletionMessageParam[], budget: number, lastRound: boolean): RoundParams {
  const tools = request.tools?.length ? [...request.tools] : undefined;
  return {
    model: request.model,
    messages,
    max_completion_tokens: budget,
    ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
    ...(tools ? { tools, tool_choice: lastRound ? 'none' : 'auto' } : {}),
  };
}

/** One request with retries; failures after text was streamed are not retried (the text would repeat). */
async function roundWithRetries(llm: LlmClient, params: RoundParams, request: AdvisorRequest, usage: UsageSoFar): Promise<Round> {
  const { settings } = llm;
  const { maxRetries, backoffMs, maxBackoffMs } = settings;
  const policy = { maxRetries, backoffMs, maxBackoffMs, maxWaitMs: settings.timeoutMs };
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamRound(llm, params, request);
    } catch (err) {
      if (!(err instanceof AttemptFailed)) throw err;
      const delay = err.delivered ? null : retryDelay(err.failure, attempt, policy);
      if (delay === null || !(await sleep(delay, request.signal))) {
        const failure: Failure = request.signal?.aborted ? { kind: 'aborted' } : err.failure;
        throw new LlmError(failure.kind, reasonFor(failure, attempt, settings.timeoutMs), attempt, usage, failure.status);
      }
    }
  }
}

/**
 * Tokens of one round: as reported, or counted (see tokens.ts) from what was sent and received,
 * the output never above the round's budget since the provider stops there.
 */
function roundUsage(round: Round, params: RoundParams, budget: number): { tokensIn: number; tokensOut: number; estimated: boolean } {
  if (round.usage) return { ...round.usage, estimated: false };
  const sent = requestText({ messages: params.messages, tools: params.tools, responseFormat: params.response_format });
  const received = round.text + round.toolCalls.map((c) => c.name + c.arguments).join('');
  return { tokensIn: estimateTokens(sent), tokensOut: Math.min(budget, estimateTokens(received)), estimated: true };
}

/** A failure of the answer itself (not of a request): nothing to retry. */
function fail(kind: 'budget' | 'tool_loop' | 'invalid_json', detail: string, usage: UsageSoFar): never {
  throw new LlmError(kind, reasonFor({ kind, detail }, 1, 0), 1, { ...usage });
}

/**
 * Asks one advisor (see `answer`) and counts the call in the model metrics: calls by outcome,
 * failures by kind, tokens by direction (a failed call's tokens too) and its duration, by the
 * model asked for.
 */
export async function callAdvisor(llm: LlmClient, request: AdvisorRequest): Promise<AdvisorAnswer> {
  const model = request.model;
  const stop = modelCallDuration.startTimer({ model });
  const tokens = (usage: UsageSoFar) => {
    modelTokens.inc({ model, direction: 'input' }, usage.tokensIn);
    modelTokens.inc({ model, direction: 'output' }, usage.tokensOut);
  };
  try {
    const result = await answer(llm, request);
    modelCalls.inc({ model, outcome: 'ok' });
    tokens(result);
    return result;
  } catch (err) {
    modelCalls.inc({ model, outcome: 'failed' });
    modelCallFailures.inc({ model, kind: err instanceof LlmError ? err.kind : 'error' });
    if (err instanceof LlmError) tokens(err.usage);
    throw err;
  } finally {
    stop();
  }
}

/**
 * Asks one advisor: streams its answer, answers each function call with "not available" and lets
 * the model go on (at most MAX_ROUNDS requests, the last without functions), and sums the usage.
 * Throws LlmError with a reason for people when no answer came.
 */
async function answer(llm: LlmClient, request: AdvisorRequest): Promise<AdvisorAnswer> {
  const budget = request.maxTokens ?? llm.settings.maxOutputTokens;
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: request.system }, ...request.messages];
  const usage: UsageSoFar = { tokensIn: 0, tokensOut: 0 };
  let estimated = false;
  let text = '';
  for (let roundNo = 1; roundNo <= MAX_ROUNDS; roundNo++) {
    const left = budget - usage.tokensOut;
    if (left < 1) fail('budget', `${budget} tokens`, usage);
    const params = paramsFor(request, [...messages], left, roundNo === MAX_ROUNDS);
    const round = await roundWithRetries(llm, params, request, { ...usage });
    const spent = roundUsage(round, params, left);
    usage.tokensIn += spent.tokensIn;
    usage.tokensOut += spent.tokensOut;
    estimated ||= spent.estimated;
    text += round.text;
    if (round.toolCalls.length === 0) {
      return {
        text,
        json: request.responseFormat ? parseJson(round, usage) : null,
        model: round.model ?? request.model,
        ...usage,
        usageEstimated: estimated,
        rounds: roundNo,
        finishReason: round.finishReason ?? 'stop',
      };
    }
    if (roundNo === MAX_ROUNDS) fail('tool_loop', `still calling them after ${MAX_ROUNDS} rounds`, usage);
    messages.push(
      {
        role: 'assistant',
        content: round.text || null,
        tool_calls: round.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
      },
      ...round.toolCalls.map((c): ChatCompletionMessageParam => ({ role: 'tool', tool_call_id: c.id, content: NOT_AVAILABLE })),
    );
  }
  throw new Error('unreachable');
}

function parseJson(round: Round, usage: UsageSoFar): unknown {
  try {
    return JSON.parse(round.text);
  } catch {
    const detail = round.finishReason === 'length' ? 'it was cut at the output limit' : 'it is not valid JSON';
    return fail('invalid_json', detail, usage);
  }
}
