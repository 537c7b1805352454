import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAbandoned } from '../../services/board/abandoned.ts';
import { sessionDecider } from '../../services/board/decider.ts';
import { sessionStreamId } from '../../services/board/events.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { boardAssistant, ledgerOf, projectOf, sessionDone } from '../support/board.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { TEST_LLM_KEY } from '../support/llm-client.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';

let t: TestApp;
let llm: FakeLlm;
let admin: Client;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startApp({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY, LLM_TIMEOUT_MS: '2500', LLM_MAX_RETRIES: '2' } });
  admin = await signInAdmin(t.url);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const sessionTypes = async (sessionId: string) => (await t.app.store.readStream(sessionStreamId(sessionId))).map((e) => e.type);

async function member(credits = 10_000) {
  const m = await memberWithOrg(t, `board-${randomUUID().slice(0, 8)}@example.com`, credits);
  return { ...m, projectId: await projectOf(m.client) };
}

async function ask(client: Client, projectId: string, assistantIds: string[], question = 'Should we raise prices?') {
  const res = await client.post(`/api/projects/${projectId}/sessions`, { question, assistantIds });
  expect(res.status).toBe(201);
  return res.body.sessionId as string;
}

/** Reads the server-sent events of a session until the server ends the stream. */
async function readEvents(client: Client, sessionId: string) {
  const res = await fetch(`${t.url}/api/sessions/${sessionId}/events`, { headers: { cookie: client.cookie } });
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [head, data] = block.split('\n');
      return { event: head.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) };
    });
}

describe('a session answered by two advisors', () => {
  it('streams, records each answer with its usage, and captures exactly the priced cost of each', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const prices = await admin.put('/api/admin/board/prices', {
      defaultPrice: { inputPer1k: 1, outputPer1k: 3 },
      models: [{ model: a.model, inputPer1k: 2, outputPer1k: 10 }],
    });
    expect(prices.status).toBe(200);
    // The board's prices are rate-card entries (credits per token), which is what the board charges by.
    expect((await admin.get('/api/admin/rate-cards')).body.current.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ meter: `llm.${a.model}.input_tokens`, creditsPerUnit: 0.002 }),
        expect.objectContaining({ meter: `llm.${a.model}.output_tokens`, creditsPerUnit: 0.01 }),
        expect.objectContaining({ meter: 'llm.default.output_tokens', creditsPerUnit: 0.003 }),
      ]),
    );
    llm.script(a.model, { type: 'text', pieces: ['Raise ', 'them ', 'by 5%.'], usage: { prompt_tokens: 100, completion_tokens: 300 } });
    llm.script(b.model, { type: 'text', pieces: ['Keep them.'], usage: { prompt_tokens: 1001, completion_tokens: 1 } });
    // The chair (the first advisor) sums up: 2000 × 2/1000 + 100 × 10/1000 = 5.
    const synthesis = { summary: 'Split.', consensus: [], dissent: [{ point: 'Prices', advisors: [b.name] }], decisions: [], actionItems: [], risks: [] };
    llm.script(a.model, { type: 'json', value: synthesis, usage: { prompt_tokens: 2000, completion_tokens: 100 } });
    const { client, orgId, projectId } = await member(10_000);

    const sessionId = await ask(client, projectId, [a.id, b.id]);
    const session = await sessionDone(client, sessionId);
    // Each call takes the whole credits its meters reach, each meter's fraction carried to its next use:
    // a: input 100 × 2/1000 = 0.2 (carried), output 300 × 10/1000 = 3 → 3; b (default price): input
    // 1001 × 1/1000 = 1.001 → 1 (0.001 carried), output 1 × 3/1000 = 0.003 (carried) → 1; the synthesis
    // by a: input 0.2 carried + 2000 × 2/1000 = 4.2 → 4 (0.2 carried), output 100 × 10/1000 = 1 → 5.
    expect(session).toMatchObject({ sessionId, projectId, question: 'Should we raise prices?', status: 'done', credits: 9 });
    const common = { round: 1, status: 'answered', json: null, reason: null, structured: false, sources: [] };
    expect(session.answers).toEqual([
      { ...common, assistantId: a.id, name: a.name, text: 'Raise them by 5%.', credits: 3, tokensIn: 100, tokensOut: 300 },
      { ...common, assistantId: b.id, name: b.name, text: 'Keep them.', credits: 1, tokensIn: 1001, tokensOut: 1 },
    ]);
    expect(session.synthesis).toMatchObject({ assistantId: a.id, status: 'written', credits: 5, result: synthesis, missing: [] });
    expect(await sessionTypes(sessionId)).toEqual(['SessionStarted', 'AdvisorAnswered', 'AdvisorAnswered', 'SynthesisWritten', 'SessionEnded']);

    const ledger = await ledgerOf(t, orgId);
    expect(ledger.placed).toHaveLength(3);
    expect(ledger.captured.map((c) => c.amount).sort()).toEqual([1, 3, 5]);
    expect(ledger).toMatchObject({ balance: 10_000 - 9, available: 10_000 - 9, held: 0, spent: 9 });
    // What no call has taken yet is pending, per meter, as a usage event's fraction is.
    expect((await client.get('/api/balance')).body).toEqual({
      balance: 10_000 - 9,
      available: 10_000 - 9,
      held: 0,
      pending: { [`llm.${a.model}.input_tokens`]: 0.2, 'llm.default.input_tokens': 0.001, 'llm.default.output_tokens': 0.003 },
    });
    // The profile's credits say it too.
    expect((await client.get('/api/me/credits')).body.pending).toEqual({ [`llm.${a.model}.input_tokens`]: 0.2, 'llm.default.input_tokens': 0.001, 'llm.default.output_tokens': 0.003 });

    const request = llm.requestsFor(a.model)[0].body;
    expect(request.messages).toEqual([
      { role: 'system', content: expect.stringMatching(/^You are a careful advisor\.\n\n## Meeting mode: Boardroom\n/) },
      { role: 'user', content: 'Should we raise prices?' },
    ]);
    expect(request.stream).toBe(true);
    expect(llm.requestsFor(a.model)[0].headers.authorization).toBe(`Bearer ${TEST_LLM_KEY}`);

    const events = await readEvents(client, sessionId);
    expect(events.at(-1)).toMatchObject({ event: 'session', data: { status: 'done', credits: 9 } });
    const list = await waitFor('the transcript', async () => {
      const res = await client.get(`/api/projects/${projectId}/sessions`);
      return res.body.data[0]?.status === 'done' && res;
    });
    expect(list.body.data).toEqual([expect.objectContaining({ sessionId, credits: 9, status: 'done', question: 'Should we raise prices?' })]);
    expect(list.body.data[0].answers.map((x: { text: string }) => x.text)).toEqual(['Raise them by 5%.', 'Keep them.']);

    // The member's usage names the project and the question, and who answered, never an id (issue 23 item 8).
    const usage = await waitFor('the usage rows', async () => {
      const rows = (await client.get('/api/me/profile')).body.usage as { description: string; credits_used: number }[];
      return rows.length === 3 && rows;
    });
    expect(usage.map((u) => u.description).sort()).toEqual(
      [
        `Board · Launch plan: “Should we raise prices?” — ${a.name}, round 1`,
        `Board · Launch plan: “Should we raise prices?” — ${b.name}, round 1`,
        `Board · Launch plan: “Should we raise prices?” — synthesis by ${a.name}`,
      ].sort(),
    );

    // On /usage the calls count as their model's tokens, each meter at the rate card's exact price (a's
    // own meters, b's the default's): 9.204 in all, of which the 9 whole credits are taken.
    const metered = await waitFor('the board on the usage explorer', async () => {
      const rows = (await client.get(`/api/me/usage?projectId=${projectId}`)).body.data as { meter: string; quantity: number; credits: number; events: number }[];
      return rows.length >= 4 && rows;
    });
    const perMeter = new Map<string, { quantity: number; credits: number; events: number }>();
    for (const r of metered) {
      const m = perMeter.get(r.meter) ?? { quantity: 0, credits: 0, events: 0 };
      perMeter.set(r.meter, { quantity: m.quantity + r.quantity, credits: m.credits + r.credits, events: m.events + r.events });
    }
    expect(Object.fromEntries(perMeter)).toEqual({
      [`llm.${a.model}.input_tokens`]: { quantity: 2100, credits: 4.2, events: 2 },
      [`llm.${a.model}.output_tokens`]: { quantity: 400, credits: 4, events: 2 },
      'llm.default.input_tokens': { quantity: 1001, credits: 1.001, events: 1 },
      'llm.default.output_tokens': { quantity: 1, credits: 0.003, events: 1 },
    });
    // A draft that prices only the default's tokens prices a's tokens at it too, as the board would.
    const draft = [
      { meter: 'llm.default.input_tokens', unit: 'token', description: 'Input', creditsPerUnit: 0.002 },
      { meter: 'llm.default.output_tokens', unit: 'token', description: 'Output', creditsPerUnit: 0.006 },
    ];
    const day = new Date(Date.now() - 86_400_000).toISOString();
    const backtest = await admin.post('/api/admin/rate-cards/backtest', { draft: { entries: draft }, from: day, to: new Date(Date.now() + 86_400_000).toISOString() });
    expect(backtest.status).toBe(200);
    // 2100 × 0.002 + 400 × 0.006 + 1001 × 0.002 + 1 × 0.006; a call counts once per meter.
    expect(backtest.body.orgs.find((o: { orgId: string }) => o.orgId === orgId)).toMatchObject({ events: 6, charged: 9.204, draft: 8.608, unpriced: 0 });
  });

  it('streams the text of an answer to the session\'s events as it is written', async () => {
    const a = await boardAssistant(admin);
    const pieces = Array.from({ length: 12 }, (_, i) => `part${i} `);
    // A piece every 250 ms (well under the 2.5 s idle timeout): the answer is being written for 3 s.
    llm.script(a.model, { type: 'text', pieces, delayMs: 250 });
    const { client, projectId } = await member();
    const sessionId = await ask(client, projectId, [a.id]);
    const events = await readEvents(client, sessionId);
    expect(events.some((e) => e.event === 'delta' && e.data.assistantId === a.id)).toBe(true);
    const running = events.filter((e) => e.event === 'session' && e.data.status === 'running');
    expect(running.length).toBeGreaterThan(0);
    // What the page shows: the last session snapshot, then the pieces after it.
    const lastRunning = events.lastIndexOf(running.at(-1)!);
    const shown = running.at(-1)!.data.answers[0].text + events.slice(lastRunning).filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    expect(pieces.join('').startsWith(shown)).toBe(true);
    expect(events.at(-1)!.data.answers[0]).toMatchObject({ status: 'answered', text: pieces.join('') });
  });
});

describe('a provider reporting more than the hold', () => {
  it('captures the hold and never more: the member was told the most a question can cost', async () => {
    const a = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['Long.'], usage: { prompt_tokens: 1_000_000, completion_tokens: 1 } });
    const { client, orgId, projectId } = await member();
    const session = await sessionDone(client, await ask(client, projectId, [a.id]));
    const ledger = await ledgerOf(t, orgId);
    const held = (await t.app.store.readStream(orgStreamId(orgId))).find((e) => e.type === 'HoldPlaced')!.data as { credits: number };
    expect(session.answers[0]).toMatchObject({ status: 'answered', tokensIn: 1_000_000, credits: held.credits });
    expect(held.credits).toBeLessThan(1000);
    expect(ledger).toMatchObject({ spent: held.credits, held: 0 });
  });
});

describe('the model provider misbehaving', () => {
  it('answers a function call with "not available" and lets the model go on', async () => {
    const a = await boardAssistant(admin);
    const fn = await admin.post(`/api/admin/assistants/${a.id}/functions`, { name: 'lookup_market', description: 'Market data' });
    expect(fn.status).toBe(201);
    llm.script(a.model, { type: 'tool_calls', calls: [{ name: 'lookup_market', arguments: '{}' }] }, { type: 'text', pieces: ['Without data: wait.'] });
    const { client, orgId, projectId } = await member();
    const session = await sessionDone(client, await ask(client, projectId, [a.id]));
    expect(session.answers[0]).toMatchObject({ status: 'answered', text: 'Without data: wait.' });
    const [first, second] = llm.requestsFor(a.model).map((r) => r.body);
    expect(first.tools[0].function.name).toBe('lookup_market');
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: 'not available' });
    const ledger = await ledgerOf(t, orgId);
    expect(ledger.spent).toBe(session.credits);
    expect(ledger.held).toBe(0);
  });

  it('waits out a 429 and answers; fails after the retries of a 5xx, of a hang and of a malformed stream, capturing nothing', async () => {
    const limited = await boardAssistant(admin);
    const failing = await boardAssistant(admin);
    const hanging = await boardAssistant(admin);
    const garbled = await boardAssistant(admin);
    const stalled = await boardAssistant(admin);
    llm.script(limited.model, { type: 'status', status: 429, headers: { 'retry-after-ms': '20' } }, { type: 'text', pieces: ['After a wait.'] });
    llm.script(failing.model, ...[1, 2, 3].map(() => ({ type: 'status' as const, status: 500 })));
    llm.script(hanging.model, { type: 'hang' }, { type: 'hang' }, { type: 'hang' });
    llm.script(garbled.model, { type: 'malformed', pieces: ['So'] });
    llm.script(stalled.model, { type: 'stall', pieces: ['Half ', 'an answer'] });
    const { client, orgId, projectId } = await member();
    const sessionId = await ask(client, projectId, [limited.id, failing.id, hanging.id, garbled.id, stalled.id]);
    const session = await sessionDone(client, sessionId);
    const [ok, five, hang, bad, stall] = session.answers;
    // Text had gone out: no retry, which would repeat it.
    expect(stall).toMatchObject({ status: 'failed', credits: 0, reason: 'The model provider sent nothing for 2.5 s' });
    expect(llm.requestsFor(stalled.model)).toHaveLength(1);
    expect(ok).toMatchObject({ status: 'answered', text: 'After a wait.' });
    // The 429, the answer, and the synthesis it was asked as the chair (nothing scripted: it fails, capturing nothing).
    expect(llm.requestsFor(limited.model)).toHaveLength(3);
    expect(five).toMatchObject({ status: 'failed', credits: 0, reason: 'The model provider failed (HTTP 500) (3 attempts)' });
    expect(hang).toMatchObject({ status: 'failed', credits: 0, reason: 'The model provider sent nothing for 2.5 s (3 attempts)' });
    expect(bad).toMatchObject({ status: 'failed', credits: 0, reason: expect.stringMatching(/could not read/) });
    expect(session.credits).toBe(ok.credits);
    expect(session.synthesis).toMatchObject({ status: 'failed', credits: 0 });
    const ledger = await ledgerOf(t, orgId);
    expect(ledger.placed).toHaveLength(6);
    expect(ledger.captured).toHaveLength(1);
    expect(ledger).toMatchObject({ held: 0, spent: ok.credits, balance: 10_000 - ok.credits });
    const types = await sessionTypes(sessionId);
    expect(types.filter((x) => x === 'AdvisorFailed')).toHaveLength(4);
    expect(JSON.stringify(session)).not.toContain(TEST_LLM_KEY);
  });
});

describe('structured answers and follow-ups', () => {
  it('asks for the output components as a JSON schema and records the JSON; a follow-up sends the earlier turn', async () => {
    const term = (await admin.post('/api/admin/components', { name: `verdict-${randomUUID().slice(0, 6)}`, type: 'term', description: 'The verdict' })).body.data;
    const object = await admin.post('/api/admin/components', {
      name: `Decision ${randomUUID().slice(0, 6)}`,
      type: 'object',
      description: 'A decision',
      structure: [{ name: 'verdict', child_component_id: term.id }],
    });
    expect(object.status).toBe(201);
    const a = await boardAssistant(admin, { output_component_id: [object.body.data.id] });
    llm.script(a.model, { type: 'json', value: { verdict: 'raise' } }, { type: 'json', value: { verdict: 'by 5%' } });
    const { client, orgId, projectId } = await member();
    const sessionId = await ask(client, projectId, [a.id]);
    const first = await sessionDone(client, sessionId);
    expect(first.answers[0]).toMatchObject({ status: 'answered', json: { verdict: 'raise' } });
    const format = llm.requestsFor(a.model)[0].body.response_format;
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { strict: true, schema: { type: 'object', required: ['verdict'] } } });

    const follow = await client.post(`/api/sessions/${sessionId}/follow-up`, { question: 'By how much?' });
    expect(follow.status).toBe(201);
    const second = await sessionDone(client, sessionId);
    expect(second.question).toBe('By how much?');
    expect(second.turns.map((x: { question: string }) => x.question)).toEqual(['Should we raise prices?', 'By how much?']);
    // Each turn says when it was asked, the same from the session's stream and from the project's read model.
    const asked = second.turns.map((x: { at: string }) => x.at) as string[];
    for (const at of asked) expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(asked[1])).toBeGreaterThan(Date.parse(asked[0]));
    await expect
      .poll(async () => (await client.get(`/api/projects/${projectId}/sessions`)).body.data.find((x: { sessionId: string }) => x.sessionId === sessionId)?.turns.map((x: { at: string }) => x.at))
      .toEqual(asked);
    expect(second.answers[0].json).toEqual({ verdict: 'by 5%' });
    expect(llm.requestsFor(a.model)[1].body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Should we raise prices?' },
      { role: 'assistant', content: '{"verdict":"raise"}' },
      { role: 'user', content: 'By how much?' },
    ]);
    const ledger = await ledgerOf(t, orgId);
    expect(ledger.spent).toBe(second.credits);
    expect(ledger.captured).toHaveLength(2);
  });
});

describe('bad input', () => {
  it('refuses empty and overlong questions, unknown or withdrawn assistants, and hides other organizations', async () => {
    const a = await boardAssistant(admin);
    const withdrawn = await boardAssistant(admin, { ready_to_deploy: false });
    const { client, orgId, projectId } = await member();
    const before = llm.requests.length;
    for (const question of ['', '   ', 'x'.repeat(20_000)]) {
      const res = await client.post(`/api/projects/${projectId}/sessions`, { question, assistantIds: [a.id] });
      expect(res.status).toBe(400);
    }
    for (const ids of [[randomUUID()], [withdrawn.id], ['not-an-id']]) {
      const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Hello?', assistantIds: ids });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('assistantIds');
    }
    const other = await member();
    expect((await other.client.post(`/api/projects/${projectId}/sessions`, { question: 'Hello?', assistantIds: [a.id] })).status).toBe(404);
    expect((await other.client.get(`/api/projects/${projectId}/sessions`)).status).toBe(404);
    expect((await client.post(`/api/projects/${randomUUID()}/sessions`, { question: 'Hello?' })).status).toBe(404);
    llm.script(a.model, { type: 'text', pieces: ['Hi.'] });
    const sessionId = await ask(client, projectId, [a.id]);
    await sessionDone(client, sessionId);
    expect((await other.client.get(`/api/sessions/${sessionId}`)).status).toBe(404);
    expect((await other.client.get(`/api/sessions/${sessionId}/events`)).status).toBe(404);
    expect((await other.client.post(`/api/sessions/${sessionId}/follow-up`, { question: 'Mine?' })).status).toBe(404);
    expect((await new Client(t.url).get(`/api/sessions/${sessionId}`)).status).toBe(401);
    expect(llm.requests.length).toBe(before + 1);
    expect((await ledgerOf(t, orgId)).placed).toHaveLength(1);
  });

  it('answers 402 with what is available before anything is held or called', async () => {
    const a = await boardAssistant(admin);
    const { client, orgId, projectId } = await member(1);
    const before = llm.requests.length;
    const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Should we raise prices?', assistantIds: [a.id] });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'insufficient_credits', available: 1 });
    expect(llm.requests.length).toBe(before);
    expect(await ledgerOf(t, orgId)).toMatchObject({ placed: [], balance: 1, held: 0 });
    expect((await client.get(`/api/projects/${projectId}/sessions`)).body.data).toEqual([]);
  });

  it('answers 402 budget_exceeded before anything is held or called when the member\'s budget cannot cover the meeting, naming what was spent before it', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const { client, userId, orgId, projectId } = await member(1_000);
    const body = { question: 'Should we raise prices?', assistantIds: [a.id, b.id] };
    const { maxCredits } = (await client.post(`/api/projects/${projectId}/sessions/quote`, body)).body as { maxCredits: number };
    // One credit short of the meeting: each advisor's hold would fit, the whole meeting does not.
    expect((await client.put('/api/me/org/budgets', { scope: 'member', id: userId, credits: maxCredits - 1, period: 'month' })).status).toBe(200);
    const before = llm.requests.length;
    const res = await client.post(`/api/projects/${projectId}/sessions`, body);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'budget_exceeded', scope: 'member', id: userId, credits: maxCredits - 1, spent: 0 });
    expect(res.body.message).toBe(`This member's budget of ${maxCredits - 1} credits has no room for ${maxCredits} more: 0 spent`);
    expect(llm.requests.length).toBe(before);
    expect(await ledgerOf(t, orgId)).toMatchObject({ placed: [], balance: 1_000, held: 0 });
    expect((await client.get(`/api/projects/${projectId}/sessions`)).body.data).toEqual([]);
  });
});

describe('without a model provider', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startApp();
  });
  afterAll(async () => bare?.close());

  it('says so, and answers 503 no_model_provider', async () => {
    const m = await memberWithOrg(bare, `bare-${randomUUID().slice(0, 8)}@example.com`, 100);
    const projectId = await projectOf(m.client);
    expect((await m.client.get('/api/board')).body).toMatchObject({ modelProvider: false });
    const res = await m.client.post(`/api/projects/${projectId}/sessions`, { question: 'Anyone?' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('no_model_provider');
  });
});

describe('the price table', () => {
  it('is read and set by admins, refuses a zero or malformed price, and keeps a default for other models', async () => {
    const { client } = await member();
    expect((await client.get('/api/admin/board/prices')).status).toBe(403);
    expect((await client.put('/api/admin/board/prices', { defaultPrice: { inputPer1k: 1, outputPer1k: 1 }, models: [] })).status).toBe(403);
    const zero = await admin.put('/api/admin/board/prices', { defaultPrice: { inputPer1k: 0, outputPer1k: 0 }, models: [] });
    expect(zero.status).toBe(400);
    const tooFine = await admin.put('/api/admin/board/prices', { defaultPrice: { inputPer1k: 0.5, outputPer1k: 1.5 }, models: [{ model: 'gpt-x', inputPer1k: 0.0001, outputPer1k: 1 }] });
    expect(tooFine.status).toBe(400);
    const saved = await admin.put('/api/admin/board/prices', { defaultPrice: { inputPer1k: 0.5, outputPer1k: 1.5 }, models: [{ model: 'gpt-x', inputPer1k: 2, outputPer1k: 6 }] });
    expect(saved.status).toBe(200);
    expect((await admin.get('/api/admin/board/prices')).body).toEqual({
      defaultPrice: { inputPer1k: 0.5, outputPer1k: 1.5 },
      models: [{ model: 'gpt-x', inputPer1k: 2, outputPer1k: 6 }],
    });
  });
});

describe('a session whose process died', () => {
  it('is ended by the sweep once its holds have expired, each waiting advisor recorded as failed', async () => {
    const a = await boardAssistant(admin);
    const { orgId, userId, projectId } = await member();
    const sessionId = randomUUID();
    await t.app.commands.run(
      sessionDecider,
      sessionStreamId(sessionId),
      {
        type: 'StartSession',
        data: { sessionId, orgId, projectId, userId, question: 'Lost?', assistantIds: [a.id], names: { [a.id]: a.name }, at: new Date().toISOString() },
      },
      { metadata: { actor: 'test' }, expected: 'no_stream' },
    );
    expect(await failAbandoned({ store: t.app.store, pg: t.app.pg }, 60_000)).toBe(0);
    expect(await failAbandoned({ store: t.app.store, pg: t.app.pg }, 60_000, Date.now() + 61_000)).toBe(1);
    expect(await failAbandoned({ store: t.app.store, pg: t.app.pg }, 60_000, Date.now() + 61_000)).toBe(0);
    expect(await sessionTypes(sessionId)).toEqual(['SessionStarted', 'AdvisorFailed', 'SessionEnded']);
  });
});

describe('the provider key', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await startApp({
      env: { LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY, LLM_TIMEOUT_MS: '1000', LLM_MAX_RETRIES: '0', LOG_LEVEL: 'trace' },
      build: { logStream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(async () => logged?.close());

  it('appears in no log line, answer or event, even when the provider echoes it back', async () => {
    const loggedAdmin = await signInAdmin(logged.url);
    const a = await boardAssistant(loggedAdmin);
    llm.script(a.model, { type: 'status', status: 401, echoAuthorization: true });
    const m = await memberWithOrg(logged, `key-${randomUUID().slice(0, 8)}@example.com`, 1000);
    const projectId = await projectOf(m.client);
    const sessionId = (await m.client.post(`/api/projects/${projectId}/sessions`, { question: 'Is the key safe?', assistantIds: [a.id] })).body.sessionId;
    const session = await sessionDone(m.client, sessionId);
    expect(session.answers[0]).toMatchObject({ status: 'failed', reason: expect.stringMatching(/refused the request \(HTTP 401\)/) });
    expect(llm.requestsFor(a.model)[0].headers.authorization).toBe(`Bearer ${TEST_LLM_KEY}`);
    const stored = await logged.db.query('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1', [`%${TEST_LLM_KEY}%`]);
    expect(stored.rows[0].n).toBe(0);
    expect(JSON.stringify(session)).not.toContain(TEST_LLM_KEY);
    // The log was written (one line per request at this level) and holds no key.
    expect(lines.filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThan(5);
    expect(lines.filter((l) => l.includes(TEST_LLM_KEY))).toEqual([]);
  });
});
