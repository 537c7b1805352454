import { describe, expect, it } from 'vitest';
import { decideSession, sessionDecider, type SessionCommand } from './decider.ts';
import type { SessionEvent, SessionState } from './events.ts';

const at = '2026-01-01T00:00:00.000Z';
const start = (over: Record<string, unknown> = {}): SessionCommand => ({
  type: 'StartSession',
  data: { sessionId: 's', orgId: 'o', projectId: 'p', userId: 'u', question: 'Q?', assistantIds: ['a', 'b'], names: { a: 'A', b: 'B' }, at, ...over },
});
const given = (...commands: SessionCommand[]): SessionState =>
  commands.reduce((state, c) => decideSession(c, state).reduce(sessionDecider.evolve, state), sessionDecider.initialState());
const answered = (assistantId: string, credits: number, round = 1, turn = 1): SessionCommand => ({
  type: 'RecordAnswer',
  data: { sessionId: 's', turn, round, assistantId, text: 'T', json: null, model: 'm', tokensIn: 1, tokensOut: 1, credits, holdId: 'h', at },
});
const failed = (assistantId: string, round = 1, turn = 1): SessionCommand => ({ type: 'RecordFailure', data: { sessionId: 's', turn, round, assistantId, reason: 'R', at } });
const round = (n: number, assistantIds: string[]): SessionCommand => ({ type: 'StartRound', data: { sessionId: 's', turn: 1, round: n, assistantIds, at } });
const synthesis = (credits: number): SessionCommand => ({
  type: 'RecordSynthesis',
  data: {
    sessionId: 's', orgId: 'o', projectId: 'p', turn: 1, assistantId: 'a', missing: [], model: 'm', tokensIn: 1, tokensOut: 1, credits, holdId: 'h', at,
    synthesis: { summary: 'S', consensus: [], dissent: [], decisions: [], actionItems: [], risks: [] },
  },
});
const types = (events: SessionEvent[]) => events.map((e) => e.type);

describe('session decider', () => {
  it('ends a one-round session without a chair with the last advisor, summing the turn’s credits', () => {
    const state = given(start(), answered('a', 7));
    const events = decideSession(failed('b'), state);
    expect(types(events)).toEqual(['AdvisorFailed', 'SessionEnded']);
    expect(events[1].data).toMatchObject({ turn: 1, credits: 7 });
  });

  it('records a call once, and nothing for one not asked or of another turn or round', () => {
    const state = given(start(), answered('a', 7));
    expect(decideSession(answered('a', 9), state)).toEqual([]);
    expect(decideSession(answered('z', 9), state)).toEqual([]);
    expect(decideSession(answered('b', 9, 1, 2), state)).toEqual([]);
    expect(decideSession(answered('b', 9, 2), state)).toEqual([]);
  });

  it('waits for the next round, takes in it only who answered the round before, then waits for the synthesis', () => {
    let state = given(start({ rounds: 2, chairId: 'a' }), answered('a', 1));
    expect(types(decideSession(failed('b'), state))).toEqual(['AdvisorFailed']);
    state = given(start({ rounds: 2, chairId: 'a' }), answered('a', 1), failed('b'));
    expect(decideSession(round(3, ['a']), state)).toEqual([]);
    const second = decideSession(round(2, ['a', 'b']), state);
    expect(second).toEqual([{ type: 'RoundStarted', data: expect.objectContaining({ round: 2, assistantIds: ['a'] }) }]);
    state = second.reduce(sessionDecider.evolve, state);
    expect(types(decideSession(answered('a', 2, 2), state))).toEqual(['AdvisorAnswered']);
    state = given(start({ rounds: 2, chairId: 'a' }), answered('a', 1), failed('b'), round(2, ['a']), answered('a', 2, 2));
    expect(state.status).toBe('running');
    const end = decideSession(synthesis(3), state);
    expect(types(end)).toEqual(['SynthesisWritten', 'SessionEnded']);
    expect(end[1].data).toMatchObject({ credits: 6 });
  });

  it('skips the synthesis when nobody answered, and ends', () => {
    const state = given(start({ rounds: 3, chairId: 'a' }), failed('a'));
    expect(types(decideSession(failed('b'), state))).toEqual(['AdvisorFailed', 'SynthesisFailed', 'SessionEnded']);
  });

  it('stops: the calls still running are dropped and the session ends; an answer captured after the stop is still recorded', () => {
    const state = given(start({ chairId: 'a' }), answered('a', 4));
    const stop: SessionCommand = { type: 'StopSession', data: { sessionId: 's', orgId: 'o', userId: 'u', at } };
    expect(types(decideSession(stop, state))).toEqual(['SessionStopped', 'SessionEnded']);
    const stopped = given(start({ chairId: 'a' }), answered('a', 4), stop);
    expect(stopped.turns[0].answers[1].status).toBe('stopped');
    expect(stopped.turns[0].synthesis?.status).toBe('stopped');
    expect(types(decideSession(answered('b', 2), stopped))).toEqual(['AdvisorAnswered']);
    expect(decideSession(failed('b'), stopped)).toEqual([]);
    expect(decideSession(stop, stopped)).toEqual([]);
  });

  it('asks a failed advisor again once the session is done, and ends again when it answers', () => {
    const done = given(start(), answered('a', 1), failed('b'));
    const retry = (assistantId: string): SessionCommand => ({ type: 'RetryAdvisor', data: { sessionId: 's', orgId: 'o', turn: 1, round: 1, assistantId, holdId: 'h2', userId: 'u', at } });
    expect(() => decideSession(retry('a'), done)).toThrow(/Only a failed answer/);
    expect(() => decideSession(retry('b'), given(start()))).toThrow(/still answering/);
    const again = given(start(), answered('a', 1), failed('b'), retry('b'));
    expect(again.status).toBe('running');
    expect(types(decideSession(answered('b', 5), again))).toEqual(['AdvisorAnswered', 'SessionEnded']);
  });

  it('takes a follow-up only once the session is done, as the next turn; a deleted session is not found', () => {
    const followUp = (turn: number): SessionCommand => ({
      type: 'AskFollowUp',
      data: { sessionId: 's', orgId: 'o', turn, userId: 'u', question: 'And?', assistantIds: ['a'], names: { a: 'A' }, at },
    });
    expect(() => decideSession(followUp(2), given(start()))).toThrow(/still answering/);
    const done = given(start(), answered('a', 1), answered('b', 2));
    expect(() => decideSession(followUp(3), done)).toThrow(/still answering/);
    expect(() => decideSession({ ...followUp(2), data: { ...followUp(2).data, orgId: 'other' } } as SessionCommand, done)).toThrow(/not found/);
    const next = given(start(), answered('a', 1), answered('b', 2), followUp(2));
    expect(next).toMatchObject({ status: 'running', credits: 3 });
    expect(next.turns.map((t) => t.question)).toEqual(['Q?', 'And?']);
    const deleted = given(start(), answered('a', 1), answered('b', 2), { type: 'DeleteSession', data: { sessionId: 's', orgId: 'o', userId: 'u', at } });
    expect(() => decideSession(followUp(2), deleted)).toThrow(/not found/);
  });
});
