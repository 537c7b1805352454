import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionStreamId } from '../../services/board/events.ts';
import { MEETING_MODES, MODE_TABLE, SYNTHESIS } from '../../services/board/modes/table.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { boardAssistant, ledgerOf, projectOf, sessionDone } from '../support/board.ts';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { dumpTables } from '../support/readmodels.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { projections } from '../../projections/registry.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';

let t: TestApp;
let llm: FakeLlm;
let admin: Client;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await startApp({ env: { LLM_BASE_URL: llm.url, LLM_TIMEOUT_MS: '3000', LLM_MAX_RETRIES: '0' } });
  admin = await signInAdmin(t.url);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

async function member(credits = 10_000) {
  const m = await memberWithOrg(t, `meet-${randomUUID().slice(0, 8)}@example.com`, credits);
  return { ...m, projectId: await projectOf(m.client) };
}

const synthesisValue = (over: Record<string, unknown> = {}) => ({
  summary: 'Raise prices carefully.',
  consensus: ['Test first'],
  dissent: [{ point: 'How much', advisors: ['B'] }],
  decisions: ['Run a two-week test'],
  actionItems: [{ title: 'Set up the test', owner: 'Sales', due: null }],
  risks: ['Churn'],
  ...over,
});

const holdsOf = async (orgId: string) =>
  (await t.app.store.readStream(orgStreamId(orgId))).filter((e) => e.type === 'HoldPlaced').map((e) => e.data as { holdId: string; credits: number });
const systemOf = (model: string, n = 0) => llm.requestsFor(model)[n].body.messages[0].content as string;
const lastUser = (model: string, n: number) => llm.requestsFor(model)[n].body.messages.at(-1).content as string;

describe('meeting modes', () => {
  it('asks each mode with its prompt, its output limit and its shape, and records what comes back', async () => {
    const { client, projectId } = await member();
    for (const mode of MEETING_MODES) {
      const a = await boardAssistant(admin);
      const def = MODE_TABLE[mode];
      const value = mode === 'pitch_review' ? { scores: [{ criterion: 'Team', score: 8, reason: 'Strong' }], overall: 'Promising' } : { ideas: [{ title: 'Bundle', description: 'Sell both' }] };
      llm.script(a.model, def.shape ? { type: 'json', value } : { type: 'text', pieces: [`${mode} answer`] });
      const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Our plan: open a second shop.', assistantIds: [a.id], mode });
      expect(res.status, mode).toBe(201);
      const session = await sessionDone(client, res.body.sessionId);
      expect(session, mode).toMatchObject({ mode, rounds: 1, synthesis: null });
      expect(session.answers[0], mode).toMatchObject({ status: 'answered', structured: def.shape !== null, ...(def.shape ? { json: value } : { text: `${mode} answer` }) });
      const body = llm.requestsFor(a.model)[0].body;
      expect(body.messages[0].content, mode).toContain(def.template);
      expect(body.max_completion_tokens, mode).toBe(def.maxOutputTokens);
      if (def.shape) expect(body.response_format, mode).toMatchObject({ type: 'json_schema', json_schema: { strict: true, schema: def.shape } });
      else expect(body.response_format, mode).toBeUndefined();
    }
  });
});

describe('a three-round meeting with a synthesis', () => {
  it('gives each advisor the others’ answers of the round before, sums up in the shape asked, and costs exactly what was captured, never more than quoted', async () => {
    const a = await boardAssistant(admin, { name: `Strategist ${randomUUID().slice(0, 4)}` });
    const b = await boardAssistant(admin, { name: `Analyst ${randomUUID().slice(0, 4)}` });
    for (const r of [1, 2, 3]) {
      llm.script(a.model, { type: 'text', pieces: [`A says ${r}.`], usage: { prompt_tokens: 200 * r, completion_tokens: 100 } });
      llm.script(b.model, { type: 'text', pieces: [`B says ${r}.`], usage: { prompt_tokens: 200 * r, completion_tokens: 120 } });
    }
    llm.script(b.model, { type: 'json', value: synthesisValue(), usage: { prompt_tokens: 900, completion_tokens: 300 } });
    const { client, orgId, projectId } = await member();
    const body = { question: 'Should we raise prices?', assistantIds: [a.id, b.id], rounds: 3, chairId: b.id };
    const quote = await client.post(`/api/projects/${projectId}/sessions/quote`, body);
    expect(quote.status).toBe(200);
    expect(quote.body.perAdvisor.map((p: { rounds: number[] }) => p.rounds.length)).toEqual([3, 3]);
    expect(quote.body.synthesis).toMatchObject({ assistantId: b.id, name: b.name });

    const res = await client.post(`/api/projects/${projectId}/sessions`, body);
    expect(res.status).toBe(201);
    const session = await sessionDone(client, res.body.sessionId);

    // The holds placed are the quote, call by call.
    const holds = await holdsOf(orgId);
    expect(holds).toHaveLength(7);
    expect(holds.reduce((n, h) => n + h.credits, 0)).toBe(quote.body.maxCredits);
    const quoted = [...quote.body.perAdvisor.flatMap((p: { rounds: number[] }) => p.rounds), quote.body.synthesis.credits].sort();
    expect(holds.map((h) => h.credits).sort()).toEqual(quoted);

    // Round 2 and 3: each hears its own answer and the other's answer of the round before.
    expect(session.answers.map((x: { round: number; name: string }) => `${x.round}:${x.name}`)).toEqual([
      `1:${a.name}`, `1:${b.name}`, `2:${a.name}`, `2:${b.name}`, `3:${a.name}`, `3:${b.name}`,
    ]);
    expect(llm.requestsFor(a.model)[0].body.messages).toHaveLength(2);
    expect(lastUser(a.model, 1)).toContain(`Round 2 of 3. The other advisors answered in round 1:\n\n### ${b.name}\nB says 1.`);
    expect(llm.requestsFor(a.model)[1].body.messages.at(-2)).toEqual({ role: 'assistant', content: 'A says 1.' });
    expect(lastUser(b.model, 1)).toContain(`### ${a.name}\nA says 1.`);
    expect(lastUser(b.model, 2)).toContain(`### ${a.name}\nA says 2.`);
    expect(lastUser(b.model, 2)).not.toContain('A says 1.');
    expect(lastUser(a.model, 1)).toContain(MODE_TABLE.boardroom.respond);

    // The chair heard every round and answered in the synthesis shape.
    const chair = llm.requestsFor(b.model)[3].body;
    expect(chair.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'synthesis', strict: true, schema: SYNTHESIS.shape } });
    expect(chair.max_completion_tokens).toBe(SYNTHESIS.maxOutputTokens);
    for (const said of ['A says 1.', 'B says 2.', 'A says 3.']) expect(chair.messages.at(-1).content).toContain(said);
    expect(session.synthesis).toEqual({ assistantId: b.id, name: b.name, status: 'written', result: synthesisValue(), missing: [], credits: expect.any(Number), tokensIn: 900, tokensOut: 300, reason: null });

    // Transcript = captures = ledger.
    const ledger = await ledgerOf(t, orgId);
    const transcript = session.answers.reduce((n: number, x: { credits: number }) => n + x.credits, 0) + session.synthesis.credits;
    expect(session.credits).toBe(transcript);
    expect(ledger).toMatchObject({ spent: transcript, held: 0, balance: 10_000 - transcript });
    expect(ledger.captured).toHaveLength(7);
    const types = (await t.app.store.readStream(sessionStreamId(session.sessionId))).map((e) => e.type);
    expect(types).toEqual([
      'SessionStarted', 'AdvisorAnswered', 'AdvisorAnswered', 'RoundStarted', 'AdvisorAnswered', 'AdvisorAnswered',
      'RoundStarted', 'AdvisorAnswered', 'AdvisorAnswered', 'SynthesisWritten', 'SessionEnded',
    ]);
    const captured = (await t.app.store.readStream(orgStreamId(orgId))).filter((e) => e.type === 'HoldPlaced');
    expect(captured.every((e) => e.metadata.project_id === projectId)).toBe(true);
  });

  it('goes on without an advisor whose provider failed, releases its holds, and the synthesis says who was missing', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const c = await boardAssistant(admin, { name: `Failing ${randomUUID().slice(0, 4)}` });
    llm.script(a.model, { type: 'text', pieces: ['A1'] }, { type: 'text', pieces: ['A2'] }, { type: 'json', value: synthesisValue({ summary: 'Without C.' }) });
    llm.script(b.model, { type: 'text', pieces: ['B1'] }, { type: 'text', pieces: ['B2'] });
    llm.script(c.model, { type: 'status', status: 500 });
    const { client, orgId, projectId } = await member();
    const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Expand?', assistantIds: [a.id, b.id, c.id], rounds: 2 });
    const session = await sessionDone(client, res.body.sessionId);
    expect(session.answers.map((x: { round: number; status: string }) => `${x.round}:${x.status}`)).toEqual(['1:answered', '1:answered', '1:failed', '2:answered', '2:answered']);
    expect(lastUser(a.model, 1)).not.toContain(c.name);
    expect(llm.requestsFor(a.model)[2].body.messages.at(-1).content).toContain(`Missing: ${c.name} did not answer every round`);
    expect(session.synthesis).toMatchObject({ status: 'written', missing: [c.name], result: { summary: 'Without C.' } });
    expect(llm.requestsFor(c.model)).toHaveLength(1);
    const ledger = await ledgerOf(t, orgId);
    expect(ledger).toMatchObject({ held: 0, spent: session.credits });
    expect(ledger.captured).toHaveLength(5);
  });
});

/** The sessions read model rebuilt from the log has the rows the live one built (the retries included). */
async function expectSessionsRebuiltAsLive() {
  const sessions = projections.find((p) => p.name === 'sessions')!;
  await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
  const live = await dumpTables(t.db, sessions);
  await rebuild(t.db, t.app.store, sessions);
  expect(await dumpTables(t.db, sessions)).toEqual(live);
}

describe('asking again', () => {
  it('writes the synthesis again when it had failed: two advisors fail, one is asked again, and the chair sums up what it said', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    llm.script(a.model, { type: 'status', status: 500 }, { type: 'text', pieces: ['A, second try.'] }, { type: 'json', value: synthesisValue({ summary: 'From A alone.' }) });
    llm.script(b.model, { type: 'status', status: 500 });
    const { client, orgId, projectId } = await member();
    const sessionId = (await client.post(`/api/projects/${projectId}/sessions`, { question: 'Open on Sundays?', assistantIds: [a.id, b.id], chairId: a.id })).body.sessionId;
    const failed = await sessionDone(client, sessionId);
    expect(failed.synthesis).toMatchObject({ status: 'failed', reason: 'No advisor answered: there was nothing to sum up' });
    // Nothing to sum up yet: writing the synthesis again is refused, and nothing is held for it.
    const holdsBefore = (await holdsOf(orgId)).length;
    expect((await client.post(`/api/sessions/${sessionId}/synthesis`)).body).toMatchObject({ error: 'nothing_to_sum_up' });
    expect(await holdsOf(orgId)).toHaveLength(holdsBefore);
    expect((await client.post(`/api/sessions/${sessionId}/retry`, { assistantId: a.id, round: 1 })).status).toBe(201);
    const session = await sessionDone(client, sessionId);
    expect(session.answers.map((x: { status: string }) => x.status)).toEqual(['answered', 'failed']);
    expect(session.synthesis).toMatchObject({ status: 'written', missing: [b.name], result: { summary: 'From A alone.' }, reason: null });
    expect(llm.requestsFor(a.model)[2].body.messages.at(-1).content).toContain('A, second try.');
    // Paid as any synthesis: captured from its own hold, every hold closed, the session's credits what was spent.
    const ledger = await ledgerOf(t, orgId);
    expect(ledger).toMatchObject({ held: 0, spent: session.credits });
    expect(ledger.captured).toHaveLength(2);
    // The project's list (the read model) says the same.
    await waitFor('the list to show the synthesis', async () => {
      const listed = (await client.get(`/api/projects/${projectId}/sessions`)).body.data.find((x: { sessionId: string }) => x.sessionId === sessionId);
      return listed?.status === 'done' && JSON.stringify(listed).includes('From A alone.');
    });

    // A synthesis that was written stays as it is: asking b again writes no second one.
    llm.script(b.model, { type: 'text', pieces: ['B, at last.'] });
    expect((await client.post(`/api/sessions/${sessionId}/retry`, { assistantId: b.id, round: 1 })).status).toBe(201);
    const after = await sessionDone(client, sessionId);
    expect(after.answers.map((x: { status: string }) => x.status)).toEqual(['answered', 'answered']);
    expect(after.synthesis.result.summary).toBe('From A alone.');
    expect(llm.requestsFor(a.model)).toHaveLength(3);
    expect(await ledgerOf(t, orgId)).toMatchObject({ held: 0, spent: after.credits });

    await expectSessionsRebuiltAsLive();
  });


  it("writes a synthesis whose call failed again when asked, from what was answered, once; refuses one that was written (409) and another organization's (404)", async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['A1'] }, { type: 'status', status: 500 }, { type: 'json', value: synthesisValue({ summary: 'The second time.' }) });
    llm.script(b.model, { type: 'text', pieces: ['B1'] });
    const { client, orgId, projectId } = await member();
    const sessionId = (await client.post(`/api/projects/${projectId}/sessions`, { question: 'Hire a trainer?', assistantIds: [a.id, b.id], chairId: a.id })).body.sessionId;
    const failed = await sessionDone(client, sessionId);
    expect(failed.answers.map((x: { status: string }) => x.status)).toEqual(['answered', 'answered']);
    expect(failed.synthesis).toMatchObject({ status: 'failed' });
    const other = await member();
    expect((await other.client.post(`/api/sessions/${sessionId}/synthesis`)).status).toBe(404);

    expect((await client.post(`/api/sessions/${sessionId}/synthesis`)).status).toBe(201);
    const session = await sessionDone(client, sessionId);
    expect(session.synthesis).toMatchObject({ status: 'written', missing: [], reason: null, result: { summary: 'The second time.' } });
    expect(JSON.stringify(llm.requestsFor(a.model)[2].body.messages)).toContain('B1');
    const ledger = await ledgerOf(t, orgId);
    expect(ledger).toMatchObject({ held: 0, spent: session.credits });
    expect(ledger.captured).toHaveLength(3);

    const holdsBefore = (await holdsOf(orgId)).length;
    const again = await client.post(`/api/sessions/${sessionId}/synthesis`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('synthesis_not_failed');
    expect(await holdsOf(orgId)).toHaveLength(holdsBefore);
    expect(llm.requestsFor(a.model)).toHaveLength(3);
    await expectSessionsRebuiltAsLive();
  });
});

describe('the quote', () => {
  it('refuses with 402 before anything starts when the organization cannot cover it, and lets 3 credits ask one advisor whose answer costs 1', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const poor = await member(3);
    const one = await poor.client.post(`/api/projects/${poor.projectId}/sessions/quote`, { question: 'Hire now?', assistantIds: [a.id] });
    expect(one.body).toMatchObject({ maxCredits: expect.any(Number), synthesis: null });
    expect(one.body.maxCredits).toBeLessThanOrEqual(3);
    // 1000 × 1/1000 + 50 × 3/1000 = 1.15 credits: 1 is taken, 0.15 carried on the output meter.
    llm.script(a.model, { type: 'text', pieces: ['Yes.'], usage: { prompt_tokens: 1000, completion_tokens: 50 } });
    const asked = await poor.client.post(`/api/projects/${poor.projectId}/sessions`, { question: 'Hire now?', assistantIds: [a.id] });
    expect(asked.status).toBe(201);
    expect((await sessionDone(poor.client, asked.body.sessionId)).credits).toBe(1);

    const before = llm.requests.length;
    const body = { question: 'Hire now?', assistantIds: [a.id, b.id], rounds: 3 };
    const quote = await poor.client.post(`/api/projects/${poor.projectId}/sessions/quote`, body);
    expect(quote.body.maxCredits).toBeGreaterThan(2);
    const refused = await poor.client.post(`/api/projects/${poor.projectId}/sessions`, body);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_credits', available: 2 });
    expect(llm.requests.length).toBe(before);
    expect(await ledgerOf(t, poor.orgId)).toMatchObject({ held: 0, balance: 2 });
  });

  it('refuses rounds outside 1–3, an unknown mode and a chair not on the board with 400, changing nothing', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const { client, orgId, projectId } = await member();
    for (const bad of [{ rounds: 0 }, { rounds: 4 }, { rounds: 1.5 }, { mode: 'party' }, { chairId: b.id, assistantIds: [a.id] }]) {
      for (const path of ['sessions', 'sessions/quote']) {
        const res = await client.post(`/api/projects/${projectId}/${path}`, { question: 'Q?', assistantIds: [a.id, b.id], ...bad });
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
    }
    expect((await client.put(`/api/projects/${projectId}/board`, { assistantIds: [a.id], chairId: b.id, mode: 'boardroom', rounds: 1 })).status).toBe(400);
    expect((await client.put(`/api/projects/${projectId}/board`, { assistantIds: [a.id], mode: 'boardroom', rounds: 5 })).status).toBe(400);
    expect(await holdsOf(orgId)).toEqual([]);
  });
});

describe('the saved board and the business in the room', () => {
  it('meets as saved, keeps unticked advisors out, lets no new assistant join by itself, and tells every advisor about the business', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const { client, projectId } = await member();
    await client.post('/api/projects', { name: 'unused', description: '' });
    const profile = await client.put('/api/me/org/profile', { industry: 'Coffee roasting', stage: 'Growth', size: '12 people', goals: 'Open a second shop' });
    expect(profile.status).toBe(200);
    expect((await client.get('/api/me/org/profile')).body).toMatchObject({ industry: 'Coffee roasting', goals: 'Open a second shop' });
    const saved = await client.put(`/api/projects/${projectId}/board`, { assistantIds: [b.id], mode: 'devils_advocate', rounds: 1 });
    expect(saved.body).toEqual({ assistantIds: [b.id], chairId: null, mode: 'devils_advocate', rounds: 1, saved: true });
    await boardAssistant(admin); // deployed after the board was saved
    llm.script(b.model, { type: 'text', pieces: ['No.'] });
    const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Open a second shop?' });
    const session = await sessionDone(client, res.body.sessionId);
    expect(session).toMatchObject({ mode: 'devils_advocate', answers: [{ assistantId: b.id }] });
    expect(llm.requestsFor(a.model)).toHaveLength(0);
    const system = systemOf(b.model);
    expect(system).toContain('Project: Launch plan');
    expect(system).toContain('Industry: Coffee roasting; Stage: Growth; Size: 12 people');
    expect(system).toContain('Its goals: Open a second shop');
    expect(system).toContain(MODE_TABLE.devils_advocate.template);
    expect((await client.get(`/api/projects/${projectId}/board`)).body).toMatchObject({ assistantIds: [b.id], saved: true });
  });

  it('remembers: a new session is given the syntheses of the project’s last sessions', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    const { client, projectId } = await member();
    llm.script(a.model, { type: 'text', pieces: ['A'] }, { type: 'json', value: synthesisValue({ summary: 'We chose the annual plan.' }) });
    llm.script(b.model, { type: 'text', pieces: ['B'] });
    await sessionDone(client, (await client.post(`/api/projects/${projectId}/sessions`, { question: 'Which plan?', assistantIds: [a.id, b.id] })).body.sessionId);
    await waitFor('the synthesis in the read model', async () => (await client.get(`/api/projects/${projectId}/sessions`)).body.data[0]?.synthesis?.status === 'written');
    llm.script(a.model, { type: 'text', pieces: ['Again'] });
    await sessionDone(client, (await client.post(`/api/projects/${projectId}/sessions`, { question: 'And pricing?', assistantIds: [a.id] })).body.sessionId);
    const system = systemOf(a.model, 2);
    expect(system).toContain('What this board concluded in earlier meetings of this project');
    expect(system).toContain('Asked on');
    expect(system).toContain('Which plan?');
    expect(system).toContain('Summary: We chose the annual plan.');
    expect(system).toContain('Action items: Set up the test');
    expect(systemOf(a.model, 0)).not.toContain('earlier meetings');
  });
});

describe('steering a meeting', () => {
  it('stops: calls cancelled, holds released, nothing captured for what was not answered', async () => {
    const a = await boardAssistant(admin);
    const b = await boardAssistant(admin);
    llm.script(a.model, { type: 'text', pieces: ['Quick.'] });
    llm.script(b.model, { type: 'text', pieces: Array.from({ length: 40 }, () => 'slow '), delayMs: 100 });
    const { client, orgId, projectId } = await member();
    const res = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Stop me?', assistantIds: [a.id, b.id], rounds: 2 });
    const sessionId = res.body.sessionId;
    await waitFor('the quick answer', async () => (await client.get(`/api/sessions/${sessionId}`)).body.answers[0].status === 'answered');
    const stopped = await client.post(`/api/sessions/${sessionId}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'done', synthesis: { status: 'stopped' } });
    expect(stopped.body.answers.map((x: { status: string }) => x.status)).toEqual(['answered', 'stopped']);
    await waitFor('every hold closed', async () => (await ledgerOf(t, orgId)).held === 0);
    const ledger = await ledgerOf(t, orgId);
    const session = (await client.get(`/api/sessions/${sessionId}`)).body;
    expect(ledger.captured).toHaveLength(1);
    expect(ledger.spent).toBe(session.credits);
    expect(llm.requestsFor(a.model)).toHaveLength(1);
  });

  it('asks one failed advisor again, renames and deletes a session', async () => {
    const a = await boardAssistant(admin);
    llm.script(a.model, { type: 'status', status: 500 }, { type: 'text', pieces: ['Second try.'] });
    const { client, orgId, projectId } = await member();
    const sessionId = (await client.post(`/api/projects/${projectId}/sessions`, { question: 'Retry?', assistantIds: [a.id] })).body.sessionId;
    expect((await sessionDone(client, sessionId)).answers[0].status).toBe('failed');
    expect((await client.post(`/api/sessions/${sessionId}/retry`, { assistantId: randomUUID(), round: 1 })).status).toBe(404);
    const retried = await client.post(`/api/sessions/${sessionId}/retry`, { assistantId: a.id, round: 1 });
    expect(retried.status).toBe(201);
    const session = await sessionDone(client, sessionId);
    expect(session.answers[0]).toMatchObject({ status: 'answered', text: 'Second try.' });
    expect((await client.post(`/api/sessions/${sessionId}/retry`, { assistantId: a.id, round: 1 })).status).toBe(409);
    expect(await ledgerOf(t, orgId)).toMatchObject({ held: 0, spent: session.credits });

    const renamed = await client.patch(`/api/sessions/${sessionId}`, { title: 'Pricing, second look' });
    expect(renamed.body.title).toBe('Pricing, second look');
    expect((await client.patch(`/api/sessions/${sessionId}`, { title: '' })).status).toBe(400);
    const other = await member();
    expect((await other.client.delete(`/api/sessions/${sessionId}`)).status).toBe(404);
    expect((await client.delete(`/api/sessions/${sessionId}`)).status).toBe(204);
    expect((await client.get(`/api/sessions/${sessionId}`)).status).toBe(404);
    expect((await client.get(`/api/projects/${projectId}/sessions`)).body.data).toEqual([]);
  });
});
