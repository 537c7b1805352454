import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { emptyRound, finishRound, foldChunk, MalformedChunk, type Round } from './chunks.ts';
import type { LlmClient } from './client.ts';
import { redact, type Failure } from './errors.ts';
import { retryAfterMs } from './retry.ts';

export type RoundParams = Omit<ChatCompletionCreateParamsBase, 'stream' | 'stream_options'>;

/** One request that did not give a round; `delivered` says whether text already went to onDelta. */
export class AttemptFailed extends Error {
  constructor(
    readonly failure: Failure,
    readonly delivered: boolean,
  ) {
    super(failure.kind);
  }
}

/** An error thrown by the caller's onDelta: passed through untouched. */
class CallerError extends Error {
  constructor(readonly original: unknown) {
    super('onDelta failed');
  }
}

interface AttemptOptions {
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
}

function classify(err: unknown, state: { timedOut: boolean; cancelled: boolean }, secret: string | null): Failure {
  if (state.cancelled) return { kind: 'aborted' };
  if (state.timedOut || err instanceof APIConnectionTimeoutError) return { kind: 'timeout' };
  if (err instanceof APIUserAbortError) return { kind: 'aborted' };
  if (err instanceof APIConnectionError) return { kind: 'connection' };
  if (err instanceof APIError) {
    const detail = redact(String((err.error as { message?: unknown } | undefined)?.message ?? err.message ?? ''), secret) || undefined;
    if (err.status === undefined) return { kind: 'provider_error', detail };
    if (err.status === 429) return { kind: 'rate_limited', status: 429, retryAfterMs: retryAfterMs(err.headers, Date.now()) };
    if (err.status === 408) return { kind: 'timeout', status: 408 };
    if (err.status >= 500) return { kind: 'server_error', status: err.status, retryAfterMs: retryAfterMs(err.headers, Date.now()) };
    return { kind: 'refused', status: err.status, detail };
  }
  if (err instanceof SyntaxError) return { kind: 'malformed', detail: 'a part of the answer is not JSON' };
  if (err instanceof MalformedChunk) return { kind: 'malformed', detail: err.message };
  // The body stream failed under the SDK (undici's "terminated", a reset socket).
  return { kind: 'connection' };
}

/**
 * One streamed request: text goes to onDelta as it arrives. The request fails with `timeout` when
 * the provider sends nothing for `timeoutMs`, before the answer starts or between its parts (the
 * SDK's own timeout stops at the response headers). The SDK ends a stream silently on abort, so
 * the flags, not the loop, say how it ended.
 */
export async function streamRound(llm: LlmClient, params: RoundParams, options: AttemptOptions): Promise<Round> {
  const controller = new AbortController();
  const state = { timedOut: false, cancelled: false };
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, llm.settings.timeoutMs);
  };
  const cancel = () => {
    state.cancelled = true;
    controller.abort();
  };
  if (options.signal?.aborted) throw new AttemptFailed({ kind: 'aborted' }, false);
  options.signal?.addEventListener('abort', cancel, { once: true });
  let round = emptyRound();
  let delivered = false;
  try {
    arm();
    const stream = await llm.openai.chat.completions.create(
      { ...params, stream: true, stream_options: { include_usage: true } },
      { signal: controller.signal, maxRetries: 0 },
    );
    arm();
    for await (const chunk of stream) {
      arm();
      const folded = foldChunk(round, chunk);
      round = folded.round;
      if (folded.delta) {
        delivered = true;
        try {
          options.onDelta?.(folded.delta);
        } catch (err) {
          throw new CallerError(err);
        }
      }
    }
    if (state.cancelled || state.timedOut) throw new APIUserAbortError();
    return finishRound(round);
  } catch (err) {
    if (err instanceof CallerError) {
      controller.abort();
      throw err.original;
    }
    throw new AttemptFailed(classify(err, state, llm.settings.apiKey), delivered);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}
