import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLlmClient, type LlmClient } from '../../services/board/llm/client.ts';
import type { LlmSettings } from '../../services/board/llm/settings.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { waitFor } from '../support/processes.ts';
import { ask, llmFailure, llmTestSettings, modelName, TEST_LLM_KEY } from '../support/llm-client.ts';

/** The official client against a local OpenAI-compatible server: providers that hang, break or leak. */
let fake: FakeLlm;
let llm: LlmClient;
/**
 * A client that gives up on a silent provider after a second (and retries once): long enough that a
 * busy machine's stalled event loop does not give up on a request before the provider has read it.
 */
let impatient: LlmClient;
const settings = (over: Partial<LlmSettings> = {}) => llmTestSettings(fake.url, over);

beforeAll(async () => {
  fake = await startFakeLlm();
  llm = createLlmClient(settings());
  impatient = createLlmClient(settings({ timeoutMs: 1000, maxRetries: 1 }));
});
afterAll(async () => fake?.close());

describe('timeouts', () => {
  it('fails a provider that never answers after its retries, saying how long it waited', async () => {
    const model = modelName();
    fake.script(model, { type: 'hang' }, { type: 'hang' });
    const error = await llmFailure(ask(impatient, model).call);
    expect(error).toMatchObject({ kind: 'timeout', attempts: 2, reason: 'The model provider sent nothing for 1 s (2 attempts)' });
    await waitFor('the retry to reach the provider', async () => fake.requestsFor(model).length === 2, 5000);
    expect(fake.requestsFor(model)).toHaveLength(2);
  });

  it('retries a request that timed out before any text and answers', async () => {
    const model = modelName();
    fake.script(model, { type: 'hang' }, { type: 'text', pieces: ['Awake.'] });
    expect((await ask(impatient, model).call).text).toBe('Awake.');
  });

  it('fails, without retrying, a stream that goes silent after its first text', async () => {
    const model = modelName();
    fake.script(model, { type: 'stall', pieces: ['We should '] }, { type: 'text', pieces: ['never asked'] });
    const { call, deltas } = ask(impatient, model);
    expect(await llmFailure(call)).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(deltas).toEqual(['We should ']);
    expect(fake.requestsFor(model)).toHaveLength(1);
  });
});

describe('broken streams', () => {
  const cases = [
    { name: 'a data line that is not JSON', behaviour: { type: 'malformed' as const, pieces: ['Fine'] }, reason: 'a part of the answer is not JSON' },
    { name: 'JSON that is not a chunk', behaviour: { type: 'malformed' as const, raw: '{"id":"x"}' }, reason: 'a part of the answer has no choices' },
    { name: 'a stream that ends without a finish reason', behaviour: { type: 'truncated' as const, pieces: ['Half'] }, reason: 'the stream ended before the answer was complete' },
  ];
  for (const c of cases) {
    it(`fails ${c.name} with a reason, without retrying`, async () => {
      const model = modelName();
      fake.script(model, c.behaviour, { type: 'text', pieces: ['never asked'] });
      const error = await llmFailure(ask(llm, model).call);
      expect(error).toMatchObject({ kind: 'malformed', attempts: 1, reason: `The model provider sent an answer we could not read: ${c.reason}` });
      expect(fake.requestsFor(model)).toHaveLength(1);
    });
  }

  it('fails with the provider’s words when it sends an error inside the stream', async () => {
    const model = modelName();
    fake.script(model, { type: 'stream_error', pieces: ['Let me'], message: 'The server had an error while processing your request' });
    const error = await llmFailure(ask(llm, model).call);
    expect(error).toMatchObject({
      kind: 'provider_error',
      reason: 'The model provider reported an error while answering: The server had an error while processing your request',
    });
  });
});

describe('cancelling', () => {
  it('ends a waiting call when its signal aborts, without another try', async () => {
    const model = modelName();
    fake.script(model, { type: 'hang' }, { type: 'text', pieces: ['never asked'] });
    const controller = new AbortController();
    const { call } = ask(llm, model, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requestsFor(model)).toHaveLength(1));
    controller.abort();
    expect(await llmFailure(call)).toMatchObject({ kind: 'aborted', reason: 'The call was cancelled' });
    expect(fake.requestsFor(model)).toHaveLength(1);
  });

  it('ends the wait between retries when its signal aborts', async () => {
    const model = modelName();
    fake.script(model, { type: 'status', status: 503, headers: { 'retry-after': '8' } }, { type: 'text', pieces: ['never asked'] });
    const controller = new AbortController();
    const { call } = ask(llm, model, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requestsFor(model)).toHaveLength(1));
    controller.abort();
    expect(await llmFailure(call)).toMatchObject({ kind: 'aborted' });
    expect(fake.requestsFor(model)).toHaveLength(1);
  });

  it('passes an error thrown by onDelta through unchanged', async () => {
    const model = modelName();
    fake.script(model, { type: 'text', pieces: ['a', 'b'] });
    const mine = new Error('the page went away');
    const error = await ask(llm, model, {
      onDelta: () => {
        throw mine;
      },
    }).call.catch((e: unknown) => e);
    expect(error).toBe(mine);
  });
});

describe('the provider key', () => {
  it('never appears in errors, reasons or the SDK’s logs, even when the provider echoes it back', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' '));
    const logged = createLlmClient(settings({ maxRetries: 1 }), { logger: { error: record, warn: record, info: record, debug: record }, logLevel: 'debug' });
    const model = modelName();
    fake.script(
      model,
      { type: 'text', pieces: ['ok'] },
      { type: 'status', status: 401, echoAuthorization: true },
      { type: 'malformed', raw: `not json ${TEST_LLM_KEY}` },
      { type: 'status', status: 500 },
      { type: 'status', status: 500, body: { error: { message: `upstream said ${TEST_LLM_KEY}` } } },
    );
    await ask(logged, model).call;
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await llmFailure(ask(logged, model).call));

    expect(fake.requestsFor(model).every((r) => r.headers.authorization === `Bearer ${TEST_LLM_KEY}`)).toBe(true);
    expect(errors[0].reason).toMatch(/^The model provider refused the request \(HTTP 401\): Incorrect API key provided: Bearer \[redacted\]/);
    expect(lines.length).toBeGreaterThan(5);
    const everything = [
      ...lines,
      ...errors.flatMap((e) => [e.message, e.reason, String(e.stack), JSON.stringify(e), inspect(e, { depth: 8, showHidden: true })]),
    ].join('\n');
    expect(everything).not.toContain(TEST_LLM_KEY);
    expect(everything).not.toContain('boardSecretKey');
  });
});
