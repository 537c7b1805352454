import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { callAdvisor, type AdvisorRequest } from '../../services/board/llm/call.ts';
import type { LlmClient } from '../../services/board/llm/client.ts';
import { LlmError } from '../../services/board/llm/errors.ts';
import type { LlmSettings } from '../../services/board/llm/settings.ts';

export const TEST_LLM_KEY = 'sk-test-boardSecretKey-5e1f0c9a7d';

/** Settings for a client of the fake server: quick backoff, a generous idle timeout unless a test shortens it. */
export const llmTestSettings = (baseURL: string, over: Partial<LlmSettings> = {}): LlmSettings => ({
  baseURL,
  apiKey: TEST_LLM_KEY,
  timeoutMs: 10_000,
  maxRetries: 3,
  maxOutputTokens: 1024,
  backoffMs: 5,
  maxBackoffMs: 20,
  ...over,
});

/** A model name of its own per test, so that scripts and recorded requests never mix. */
export const modelName = () => `model-${randomUUID().slice(0, 8)}`;

/** Asks the Strategy Advisor one question; the deltas are collected as they arrive. */
export function ask(client: LlmClient, model: string, over: Partial<AdvisorRequest> = {}) {
  const deltas: string[] = [];
  const call = callAdvisor(client, {
    model,
    system: 'You are the Strategy Advisor.',
    messages: [{ role: 'user', content: 'Should we raise prices?' }],
    onDelta: (text) => deltas.push(text),
    ...over,
  });
  return { call, deltas };
}

/** The LlmError a call ends with (the test fails if it answers or throws anything else). */
export async function llmFailure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}
