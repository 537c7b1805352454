import type { Config } from '../../platform/config.ts';

/** How the board reaches its model provider; built once from the configuration. */
export interface LlmSettings {
  baseURL: string;
  /** Unset for local servers (Ollama, vLLM) that ask for none. */
  apiKey: string | null;
  /** How long one request may go without a byte from the provider (before the answer starts, and between its parts). */
  timeoutMs: number;
  /** Retries of one request after a 429, a 5xx, a connection error or a timeout. */
  maxRetries: number;
  /** The default output budget of a call, over all its rounds. */
  maxOutputTokens: number;
  /** First backoff step; doubles per retry up to `maxBackoffMs`. Tests make it small. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 8_000;

type LlmConfig = Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_TIMEOUT_MS' | 'LLM_MAX_RETRIES' | 'LLM_MAX_OUTPUT_TOKENS'>;

/** The provider settings, or null when no provider is configured (`LLM_BASE_URL` unset). */
export function llmSettings(config: LlmConfig): LlmSettings | null {
  if (!config.LLM_BASE_URL) return null;
  return {
    baseURL: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY || null,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
    maxOutputTokens: config.LLM_MAX_OUTPUT_TOKENS,
    backoffMs: DEFAULT_BACKOFF_MS,
    maxBackoffMs: MAX_BACKOFF_MS,
  };
}
