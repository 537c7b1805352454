/** Why a request to the model provider failed; the first four are worth another try. */
export type FailureKind =
  | 'rate_limited'
  | 'server_error'
  | 'connection'
  | 'timeout'
  /** A 4xx other than 408 and 429: a wrong key, an unknown model, a request the provider rejects. */
  | 'refused'
  /** An error the provider sent inside the stream. */
  | 'provider_error'
  /** A stream we cannot read, or one that ends before the answer is complete. */
  | 'malformed'
  /** An answer that should be JSON (output components) and is not. */
  | 'invalid_json'
  /** Still calling functions on the last round. */
  | 'tool_loop'
  /** The output budget was spent before an answer came. */
  | 'budget'
  | 'aborted';

/** One failed request, as data: what the retry policy decides on and the reason is written from. */
export interface Failure {
  kind: FailureKind;
  status?: number;
  /** What the provider asked us to wait (retry-after-ms, retry-after), when it did. */
  retryAfterMs?: number;
  /** The provider's own words (already free of the key), for `refused` and `provider_error`. */
  detail?: string;
}

export const RETRYABLE: ReadonlySet<FailureKind> = new Set(['rate_limited', 'server_error', 'connection', 'timeout']);

export interface UsageSoFar {
  tokensIn: number;
  tokensOut: number;
}

/**
 * A model call that did not produce an answer. `reason` is for people (it becomes
 * `AdvisorFailed.reason`); it never holds the provider key. No `cause` is kept, so that nothing
 * the SDK saw (headers, request options) travels with the error.
 */
export class LlmError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly reason: string,
    readonly attempts: number,
    /** Tokens the provider reported (or we estimated) for rounds that did finish before the failure. */
    readonly usage: UsageSoFar = { tokensIn: 0, tokensOut: 0 },
    readonly status?: number,
  ) {
    super(reason);
    this.name = 'LlmError';
  }
}

const MAX_DETAIL = 300;

/** Removes the key (and anything shaped like an API key) from text that came from the provider or the SDK. */
export function scrub(text: string, secret: string | null): string {
  const out = secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
  return out.replace(/\b(sk|rk|pk)-[A-Za-z0-9_-]{8,}/g, '$1-[redacted]').replace(/(Bearer\s+)\S+/gi, '$1[redacted]');
}

/** Provider text fit for a reason: scrubbed and cut short. */
export function redact(text: string, secret: string | null): string {
  const out = scrub(text, secret);
  return out.length > MAX_DETAIL ? `${out.slice(0, MAX_DETAIL)}…` : out;
}

const tries = (attempts: number) => (attempts === 1 ? '' : ` (${attempts} attempts)`);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The sentence an advisor's failure is recorded with. */
export function reasonFor(failure: Failure, attempts: number, timeoutMs: number): string {
  const status = failure.status ? ` (HTTP ${failure.status})` : '';
  const detail = failure.detail ? `: ${failure.detail}` : '';
  switch (failure.kind) {
    case 'rate_limited':
      return failure.retryAfterMs !== undefined && failure.retryAfterMs > timeoutMs
        ? `The model provider is rate limiting us and asks to wait ${seconds(failure.retryAfterMs)}${tries(attempts)}`
        : `The model provider is rate limiting us${tries(attempts)}`;
    case 'server_error':
      return `The model provider failed${status}${tries(attempts)}`;
    case 'connection':
      return `The model provider could not be reached or dropped the connection${tries(attempts)}`;
    case 'timeout':
      return `The model provider sent nothing for ${seconds(timeoutMs)}${tries(attempts)}`;
    case 'refused':
      return `The model provider refused the request${status}${detail}`;
    case 'provider_error':
      return `The model provider reported an error while answering${detail}`;
    case 'malformed':
      return `The model provider sent an answer we could not read${detail}`;
    case 'invalid_json':
      return `The answer was not the structured JSON asked for${detail}`;
    case 'tool_loop':
      return `The model kept calling functions the board cannot run${detail}`;
    case 'budget':
      return `The answer used its whole output budget before it was complete${detail}`;
    case 'aborted':
      return 'The call was cancelled';
  }
}
