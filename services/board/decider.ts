import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import {
  currentTurn,
  evolveSession,
  initialSessionState,
  pendingOf,
  type AdvisorAnswered,
  type AdvisorFailed,
  type SessionEvent,
  type SessionState,
} from './events.ts';

export type StartSession = {
  type: 'StartSession';
  data: { sessionId: string; orgId: string; projectId: string; userId: string; question: string; assistantIds: string[]; names: Record<string, string>; at: string };
};
export type AskFollowUp = {
  type: 'AskFollowUp';
  data: { sessionId: string; orgId: string; turn: number; userId: string; question: string; assistantIds: string[]; names: Record<string, string>; at: string };
};
export type RecordAnswer = { type: 'RecordAnswer'; data: AdvisorAnswered['data'] };
export type RecordFailure = { type: 'RecordFailure'; data: AdvisorFailed['data'] };
export type SessionCommand = StartSession | AskFollowUp | RecordAnswer | RecordFailure;

function startSession({ data }: StartSession, state: SessionState): SessionEvent[] {
  if (state.exists) throw new ConflictError('Session already exists');
  return [{ type: 'SessionStarted', data }];
}

function askFollowUp({ data }: AskFollowUp, state: SessionState): SessionEvent[] {
  if (!state.exists || state.orgId !== data.orgId) throw new NotFoundError('Session');
  if (state.status !== 'done' || data.turn !== state.turns.length + 1) {
    throw new ConflictError('The board is still answering this session', { error: 'session_running' });
  }
  const { orgId: _org, ...rest } = data;
  return [{ type: 'FollowUpAsked', data: rest }];
}

/** An answer or a failure of an advisor still waiting in that turn; the last one also ends the session. Anything else changes nothing. */
function settle(event: AdvisorAnswered | AdvisorFailed, state: SessionState): SessionEvent[] {
  const turn = currentTurn(state);
  if (!turn || turn.turn !== event.data.turn || !pendingOf(state).includes(event.data.assistantId)) return [];
  const after = evolveSession(state, event);
  if (pendingOf(after).length > 0) return [event];
  const credits = currentTurn(after)!.answers.reduce((n, a) => n + a.credits, 0);
  return [event, { type: 'SessionEnded', data: { sessionId: event.data.sessionId, turn: turn.turn, credits, at: event.data.at } }];
}

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession':
      return startSession(command, state);
    case 'AskFollowUp':
      return askFollowUp(command, state);
    case 'RecordAnswer':
      return settle({ type: 'AdvisorAnswered', data: command.data }, state);
    case 'RecordFailure':
      return settle({ type: 'AdvisorFailed', data: command.data }, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: initialSessionState,
  evolve: evolveSession,
  decide: decideSession,
};
