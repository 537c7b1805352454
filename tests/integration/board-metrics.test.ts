import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { boardAssistant, projectOf, sessionDone } from '../support/board.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { TEST_LLM_KEY } from '../support/llm-client.ts';
import { scrape, valueOf } from '../support/metrics.ts';
import { memberWithOrg } from '../support/orgs.ts';

/** Issue 23 item 19: board spending is counted with the debits, and model calls have metrics of their own. */
const TOKEN = 'board-metrics-token-for-this-test';
let t: TestApp;
let llm: FakeLlm;
let admin: Client;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startApp({ env: { METRICS_TOKEN: TOKEN, LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY, LLM_TIMEOUT_MS: '2500', LLM_MAX_RETRIES: '0' } });
  admin = await signInAdmin(t.url);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function askOne(assistantId: string) {
  const { client } = await memberWithOrg(t, `board-metrics-${randomUUID().slice(0, 8)}@example.com`, 10_000);
  const projectId = await projectOf(client);
  const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Should we hire?', assistantIds: [assistantId] });
  expect(res.status).toBe(201);
  return sessionDone(client, res.body.sessionId);
}

describe('/metrics after board sessions', () => {
  it('counts a board answer\'s capture in credits_debits_total (via board) and the model call, its tokens and latency by model', async () => {
    const a = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['Hire ', 'two.'], usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const before = await scrape(t.url, TOKEN);
    const session = await askOne(a.id);
    expect(session.answers).toEqual([expect.objectContaining({ status: 'answered', tokensIn: 120, tokensOut: 30 })]);
    const after = await scrape(t.url, TOKEN);

    const debits = (s: typeof before) => valueOf(s, 'credits_debits_total', { outcome: 'ok', via: 'board' });
    expect(debits(after) - debits(before)).toBe(1);
    expect(valueOf(after, 'credits_debit_duration_seconds_count') - valueOf(before, 'credits_debit_duration_seconds_count')).toBeGreaterThanOrEqual(1);

    expect(valueOf(after, 'llm_calls_total', { model: a.model, outcome: 'ok' })).toBe(1);
    expect(valueOf(after, 'llm_calls_total', { model: a.model, outcome: 'failed' })).toBe(0);
    expect(valueOf(after, 'llm_tokens_total', { model: a.model, direction: 'input' })).toBe(120);
    expect(valueOf(after, 'llm_tokens_total', { model: a.model, direction: 'output' })).toBe(30);
    expect(valueOf(after, 'llm_call_duration_seconds_count', { model: a.model })).toBe(1);
    expect(valueOf(after, 'llm_call_duration_seconds_sum', { model: a.model })).toBeGreaterThan(0);
  });

  it('counts a model call that failed by model and kind, and charges nothing for it', async () => {
    const b = await boardAssistant(admin);
    llm.script(b.model, { type: 'status', status: 500, body: { error: { message: 'down for maintenance' } } });
    const before = await scrape(t.url, TOKEN);
    const session = await askOne(b.id);
    expect(session.answers).toEqual([expect.objectContaining({ status: 'failed' })]);
    const after = await scrape(t.url, TOKEN);

    expect(valueOf(after, 'llm_calls_total', { model: b.model, outcome: 'failed' })).toBe(1);
    expect(valueOf(after, 'llm_calls_total', { model: b.model, outcome: 'ok' })).toBe(0);
    expect(valueOf(after, 'llm_call_failures_total', { model: b.model, kind: 'server_error' })).toBe(1);
    expect(valueOf(after, 'llm_call_duration_seconds_count', { model: b.model })).toBe(1);
    const debits = (s: typeof before) => valueOf(s, 'credits_debits_total', { via: 'board' });
    expect(debits(after) - debits(before)).toBe(0);
  });
});
