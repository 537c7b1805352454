/** A function call being assembled from the stream's pieces. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One streamed answer, folded from its chunks. */
export interface Round {
  text: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  model: string | null;
  /** As the provider reported it in the final chunk, or null when it sent none. */
  usage: { tokensIn: number; tokensOut: number } | null;
}

export const emptyRound = (): Round => ({ text: '', toolCalls: [], finishReason: null, model: null, usage: null });

/** A chunk that parses as JSON but is not a chat completion chunk. */
export class MalformedChunk extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

function usageOf(raw: unknown): Round['usage'] {
  if (!isObject(raw)) return null;
  const tokensIn = count(raw.prompt_tokens);
  const tokensOut = count(raw.completion_tokens);
  return tokensIn === null || tokensOut === null ? null : { tokensIn, tokensOut };
}

function mergeToolCalls(calls: ToolCall[], pieces: unknown): ToolCall[] {
  if (pieces === undefined || pieces === null) return calls;
  if (!Array.isArray(pieces)) throw new MalformedChunk('tool_calls is not a list');
  const next = [...calls];
  for (const piece of pieces) {
    if (!isObject(piece)) throw new MalformedChunk('a tool call is not an object');
    const index = typeof piece.index === 'number' ? piece.index : next.length;
    if (!Number.isInteger(index) || index < 0 || index > next.length) throw new MalformedChunk('a tool call has a bad index');
    const fn = isObject(piece.function) ? piece.function : {};
    const before = next[index] ?? { id: '', name: '', arguments: '' };
    next[index] = {
      id: before.id || (typeof piece.id === 'string' ? piece.id : ''),
      name: before.name + (typeof fn.name === 'string' ? fn.name : ''),
      arguments: before.arguments + (typeof fn.arguments === 'string' ? fn.arguments : ''),
    };
  }
  return next;
}

/** Adds one chunk to the round; `delta` is the text it brought (to stream on). Only choice 0 is read. */
export function foldChunk(round: Round, chunk: unknown): { round: Round; delta: string } {
  if (!isObject(chunk) || !Array.isArray(chunk.choices)) throw new MalformedChunk('a part of the answer has no choices');
  let next: Round = {
    ...round,
    model: typeof chunk.model === 'string' && chunk.model ? chunk.model : round.model,
    usage: usageOf(chunk.usage) ?? round.usage,
  };
  let delta = '';
  for (const choice of chunk.choices) {
    if (!isObject(choice)) throw new MalformedChunk('a choice is not an object');
    if ((choice.index ?? 0) !== 0) continue;
    const d = isObject(choice.delta) ? choice.delta : {};
    if (typeof d.content === 'string') delta += d.content;
    next = {
      ...next,
      toolCalls: mergeToolCalls(next.toolCalls, d.tool_calls),
      finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : next.finishReason,
    };
  }
  return { round: { ...next, text: next.text + delta }, delta };
}

/** The round as it ended: a stream that stopped without a finish reason was cut short. */
export function finishRound(round: Round): Round {
  if (round.finishReason === null) throw new MalformedChunk('the stream ended before the answer was complete');
  const unnamed = round.toolCalls.find((c) => !c.name);
  if (unnamed) throw new MalformedChunk('a function call has no name');
  return { ...round, toolCalls: round.toolCalls.map((c, i) => ({ ...c, id: c.id || `call_${i}` })) };
}
