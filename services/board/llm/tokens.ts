/**
 * Token counts we estimate ourselves, where the provider does not report them. Tokenizers give
 * about 4 characters of English per token and about one token per character of Chinese or
 * Japanese (3 bytes in UTF-8): one token per 3 UTF-8 bytes, rounded up, is above both, so an
 * estimate errs towards the higher cost.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}

/** Requests a call makes at most: the last one may not call functions (tool_choice none). */
export const MAX_ROUNDS = 3;

export interface CallShape {
  system: string;
  messages: readonly { role: string; content: string }[];
  tools?: readonly unknown[];
  responseFormat?: unknown;
}

/** The input of one request as the provider reads it: its messages, tools and response format, as JSON. */
export function requestText(parts: { messages: unknown; tools?: unknown; responseFormat?: unknown }): string {
  return JSON.stringify([parts.messages, parts.tools ?? null, parts.responseFormat ?? null]);
}

/**
 * The most input tokens a call can use, for the hold taken before it. The JSON of the first
 * request (its quotes and keys stand in for the per-message framing tokens). A call with
 * functions may take MAX_ROUNDS requests; each later one sends the first again plus the outputs
 * so far (at most `maxTokens` in all, the budget is shared) and one short tool reply per call
 * made (each call costs output tokens too), so `2 × maxTokens` bounds what each later round adds.
 */
export function estimateCallInputTokens(call: CallShape, maxTokens: number): number {
  const messages = [{ role: 'system', content: call.system }, ...call.messages];
  const first = estimateTokens(requestText({ messages, tools: call.tools, responseFormat: call.responseFormat }));
  const rounds = call.tools?.length ? MAX_ROUNDS : 1;
  return first * rounds + (rounds - 1) * 2 * maxTokens;
}
