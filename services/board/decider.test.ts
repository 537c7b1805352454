import { describe, expect, it } from 'vitest';
import { decideSession, sessionDecider, type SessionCommand } from './decider.ts';
import type { SessionEvent, SessionState } from './events.ts';

const at = '2026-01-01T00:00:00.000Z';
const start: SessionCommand = {
  type: 'StartSession',
  data: { sessionId: 's', orgId: 'o', projectId: 'p', userId: 'u', question: 'Q?', assistantIds: ['a', 'b'], names: { a: 'A', b: 'B' }, at },
};
const given = (...commands: SessionCommand[]): SessionState =>
  commands.reduce((state, c) => decideSession(c, state).reduce(sessionDecider.evolve, state), sessionDecider.initialState());
const answered = (assistantId: string, credits: number, turn = 1): SessionCommand => ({
  type: 'RecordAnswer',
  data: { sessionId: 's', turn, assistantId, text: 'T', json: null, model: 'm', tokensIn: 1, tokensOut: 1, credits, holdId: 'h', at },
});
const failed = (assistantId: string, turn = 1): SessionCommand => ({ type: 'RecordFailure', data: { sessionId: 's', turn, assistantId, reason: 'R', at } });
const types = (events: SessionEvent[]) => events.map((e) => e.type);

describe('session decider', () => {
  it('ends the session with the last advisor, summing the turn’s credits', () => {
    const state = given(start, answered('a', 7));
    const events = decideSession(failed('b'), state);
    expect(types(events)).toEqual(['AdvisorFailed', 'SessionEnded']);
    expect(events[1].data).toMatchObject({ turn: 1, credits: 7 });
  });

  it('records an advisor once, and nothing for one not asked or of another turn', () => {
    const state = given(start, answered('a', 7));
    expect(decideSession(answered('a', 9), state)).toEqual([]);
    expect(decideSession(answered('z', 9), state)).toEqual([]);
    expect(decideSession(answered('b', 9, 2), state)).toEqual([]);
  });

  it('takes a follow-up only once the session is done, as the next turn', () => {
    const followUp = (turn: number): SessionCommand => ({
      type: 'AskFollowUp',
      data: { sessionId: 's', orgId: 'o', turn, userId: 'u', question: 'And?', assistantIds: ['a'], names: { a: 'A' }, at },
    });
    expect(() => decideSession(followUp(2), given(start))).toThrow(/still answering/);
    const done = given(start, answered('a', 1), answered('b', 2));
    expect(() => decideSession(followUp(3), done)).toThrow(/still answering/);
    expect(() => decideSession({ ...followUp(2), data: { ...followUp(2).data, orgId: 'other' } } as SessionCommand, done)).toThrow(/not found/);
    const next = given(start, answered('a', 1), answered('b', 2), followUp(2));
    expect(next).toMatchObject({ status: 'running', credits: 3 });
    expect(next.turns.map((t) => t.question)).toEqual(['Q?', 'And?']);
  });
});
