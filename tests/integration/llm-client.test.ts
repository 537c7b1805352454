import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, type AdvisorRequest } from '../../services/board/llm/call.ts';
import { createLlmClient, type LlmClient } from '../../services/board/llm/client.ts';
import { responseFormatFor, toolsFor } from '../../services/board/llm/request.ts';
import type { LlmSettings } from '../../services/board/llm/settings.ts';
import { estimateTokens, requestText } from '../../services/board/llm/tokens.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { ask as askWith, llmFailure as failure, llmTestSettings, modelName, TEST_LLM_KEY as KEY } from '../support/llm-client.ts';

/** The official client against a local OpenAI-compatible server: answers, functions and retries. */
let fake: FakeLlm;
let llm: LlmClient;
const settings = (over: Partial<LlmSettings> = {}) => llmTestSettings(fake.url, over);
const ask = (model: string, over: Partial<AdvisorRequest> = {}, client = llm) => askWith(client, model, over);

beforeAll(async () => {
  fake = await startFakeLlm();
  llm = createLlmClient(settings());
});
afterAll(async () => fake?.close());

describe('answers', () => {
  it('streams a text answer piece by piece and takes the usage from the final chunk', async () => {
    const model = modelName();
    fake.script(model, { type: 'text', pieces: ['Raise ', 'them ', 'by 10%.'], usage: { prompt_tokens: 42, completion_tokens: 7 }, model: `${model}-2026` });
    const { call, deltas } = ask(model, {
      messages: [
        { role: 'user', content: 'What do we sell?' },
        { role: 'assistant', content: 'Accounting software.' },
        { role: 'user', content: 'Should we raise prices?' },
      ],
      maxTokens: 300,
    });
    const answer = await call;
    expect(deltas).toEqual(['Raise ', 'them ', 'by 10%.']);
    expect(answer).toMatchObject({ text: 'Raise them by 10%.', json: null, model: `${model}-2026`, tokensIn: 42, tokensOut: 7, usageEstimated: false, rounds: 1 });
    const [sent] = fake.requestsFor(model);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model, stream: true, stream_options: { include_usage: true }, max_completion_tokens: 300 });
    expect(sent.body.messages).toEqual([
      { role: 'system', content: 'You are the Strategy Advisor.' },
      { role: 'user', content: 'What do we sell?' },
      { role: 'assistant', content: 'Accounting software.' },
      { role: 'user', content: 'Should we raise prices?' },
    ]);
    expect(sent.body).not.toHaveProperty('tools');
    expect(sent.body).not.toHaveProperty('response_format');
  });

  it('asks for the strict JSON schema of the output components and parses the answer', async () => {
    const model = modelName();
    const format = responseFormatFor('Advice', {
      type: 'object',
      properties: { summary: { type: 'string', description: 'One sentence' } },
      required: ['summary'],
      additionalProperties: false,
    });
    fake.script(model, { type: 'json', value: { summary: 'Raise prices for new customers.' } });
    const answer = await ask(model, { responseFormat: format }).call;
    expect(answer.json).toEqual({ summary: 'Raise prices for new customers.' });
    expect(answer.text).toBe('{"summary":"Raise prices for new customers."}');
    expect(fake.requestsFor(model)[0].body.response_format).toEqual(format);
  });

  it('fails with a reason when the answer is not the JSON asked for, or was cut at the output limit', async () => {
    const model = modelName();
    const format = responseFormatFor('Advice', { type: 'object', properties: {}, required: [], additionalProperties: false });
    fake.script(model, { type: 'text', pieces: ['Sure! Here it is'] }, { type: 'text', pieces: ['{"summary": "Ra'], finishReason: 'length' });
    const notJson = await failure(ask(model, { responseFormat: format }).call);
    expect(notJson).toMatchObject({ kind: 'invalid_json', reason: 'The answer was not the structured JSON asked for: it is not valid JSON' });
    expect(notJson.usage.tokensOut).toBeGreaterThan(0);
    const cut = await failure(ask(model, { responseFormat: format }).call);
    expect(cut.reason).toMatch(/cut at the output limit/);
  });

  it('counts the tokens itself when the provider reports no usage: the request’s JSON at 3 bytes a token, the output within the budget', async () => {
    const model = modelName();
    fake.script(model, { type: 'text', pieces: ['A short answer.'], usage: null });
    const answer = await ask(model, { maxTokens: 2 }).call;
    const sent = fake.requestsFor(model)[0].body;
    expect(answer.usageEstimated).toBe(true);
    expect(answer.tokensIn).toBe(estimateTokens(requestText({ messages: sent.messages })));
    expect(answer.tokensOut).toBe(2);
  });

  it('sends no Authorization header to a server configured without a key', async () => {
    const model = modelName();
    fake.script(model, { type: 'text', pieces: ['ok'] });
    await ask(model, {}, createLlmClient(settings({ apiKey: null }))).call;
    expect(fake.requestsFor(model)[0].headers).not.toHaveProperty('authorization');
  });
});

describe('functions', () => {
  const tools = toolsFor([{ name: 'fetch_market_data', description: 'Looks up the market' }]);

  it('answers a function call "not available", lets the model go on, and sums the usage of both rounds', async () => {
    const model = modelName();
    fake.script(
      model,
      { type: 'tool_calls', calls: [{ name: 'fetch_market_data', arguments: '{"market":"EU"}' }], usage: { prompt_tokens: 50, completion_tokens: 12 } },
      { type: 'text', pieces: ['Without market data: ', 'hold prices.'], usage: { prompt_tokens: 80, completion_tokens: 9 } },
    );
    const { call, deltas } = ask(model, { tools, maxTokens: 100 });
    const answer = await call;
    expect(answer).toMatchObject({ text: 'Without market data: hold prices.', tokensIn: 130, tokensOut: 21, rounds: 2 });
    expect(deltas.join('')).toBe(answer.text);
    const [first, second] = fake.requestsFor(model);
    expect(first.body).toMatchObject({ tools, tool_choice: 'auto', max_completion_tokens: 100 });
    expect(second.body.max_completion_tokens).toBe(88);
    const [assistant, reply] = second.body.messages.slice(-2);
    expect(assistant).toMatchObject({ role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'fetch_market_data', arguments: '{"market":"EU"}' } }] });
    expect(reply).toEqual({ role: 'tool', tool_call_id: assistant.tool_calls[0].id, content: NOT_AVAILABLE });
    expect(second.body.messages.slice(0, 2)).toEqual(first.body.messages);
  });

  it('forbids function calls on the last round, and fails a model that calls them anyway', async () => {
    const model = modelName();
    const call = { type: 'tool_calls' as const, calls: [{ name: 'fetch_market_data' }], usage: { prompt_tokens: 10, completion_tokens: 5 } };
    fake.script(model, call, call, { type: 'text', pieces: ['Fine.'] }, call, call, call);
    expect((await ask(model, { tools }).call).rounds).toBe(3);
    expect(fake.requestsFor(model).map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'none']);
    const loop = await failure(ask(model, { tools }).call);
    expect(loop).toMatchObject({ kind: 'tool_loop', usage: { tokensIn: 30, tokensOut: 15 } });
    expect(fake.requestsFor(model)).toHaveLength(6);
  });
});

describe('retries', () => {
  it('waits what a 429 asks (retry-after) and then answers', async () => {
    const model = modelName();
    fake.script(model, { type: 'status', status: 429, headers: { 'retry-after': '1' } }, { type: 'text', pieces: ['Now.'] });
    const answer = await ask(model).call;
    expect(answer.text).toBe('Now.');
    const [limited, retried] = fake.requestsFor(model);
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(900);
  });

  it('gives up at once when a 429 asks for a longer wait than the timeout', async () => {
    const model = modelName();
    fake.script(model, { type: 'status', status: 429, headers: { 'retry-after': '3600' } });
    const error = await failure(ask(model).call);
    expect(error).toMatchObject({ kind: 'rate_limited', attempts: 1 });
    expect(error.reason).toBe('The model provider is rate limiting us and asks to wait 3600 s');
    expect(fake.requestsFor(model)).toHaveLength(1);
  });

  it('retries 5xx with backoff and answers when the provider recovers', async () => {
    const model = modelName();
    fake.script(model, { type: 'status', status: 500 }, { type: 'status', status: 503 }, { type: 'text', pieces: ['Back.'] });
    expect((await ask(model).call).text).toBe('Back.');
    expect(fake.requestsFor(model)).toHaveLength(3);
  });

  it('fails after the last retry with the status and the number of attempts, each retry a request of its own', async () => {
    const model = modelName();
    fake.script(model, ...Array.from({ length: 3 }, () => ({ type: 'status' as const, status: 502 })));
    const error = await failure(ask(model, {}, createLlmClient(settings({ maxRetries: 2 }))).call);
    expect(error).toMatchObject({ kind: 'server_error', status: 502, attempts: 3, reason: 'The model provider failed (HTTP 502) (3 attempts)' });
    expect(fake.requestsFor(model)).toHaveLength(3);
  });

  it('does not retry what another try cannot help: a refused request names the provider’s words', async () => {
    const model = modelName();
    fake.script(model, { type: 'status', status: 404, body: { error: { message: `The model ${model} does not exist` } } });
    const error = await failure(ask(model).call);
    expect(error).toMatchObject({ kind: 'refused', status: 404, attempts: 1, reason: `The model provider refused the request (HTTP 404): The model ${model} does not exist` });
    expect(fake.requestsFor(model)).toHaveLength(1);
  });

  it('retries a connection dropped before any text, and answers', async () => {
    const model = modelName();
    fake.script(model, { type: 'drop', pieces: [] }, { type: 'text', pieces: ['Here.'] });
    expect((await ask(model).call).text).toBe('Here.');
    expect(fake.requestsFor(model)).toHaveLength(2);
  });

  it('fails, without retrying, a connection dropped after text was streamed (a retry would repeat it)', async () => {
    const model = modelName();
    fake.script(model, { type: 'drop', pieces: ['Half of '] }, { type: 'text', pieces: ['never asked'] });
    const { call, deltas } = ask(model);
    expect(await failure(call)).toMatchObject({ kind: 'connection', attempts: 1 });
    expect(deltas).toEqual(['Half of ']);
    expect(fake.requestsFor(model)).toHaveLength(1);
  });

  it('fails with a connection error when nothing listens at the base URL, after its retries', async () => {
    const closed = await startFakeLlm();
    await closed.close();
    const error = await failure(ask(modelName(), {}, createLlmClient(settings({ baseURL: closed.url, maxRetries: 1 }))).call);
    expect(error).toMatchObject({ kind: 'connection', attempts: 2 });
  });
});
