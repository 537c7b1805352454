import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import {
  answeredIn,
  currentTurn,
  evolveSession,
  initialSessionState,
  pendingOf,
  type AdvisorAnswered,
  type AdvisorFailed,
  type AdvisorRetried,
  type FollowUpAsked,
  type RoundStarted,
  type SessionEvent,
  type SessionStarted,
  type SessionState,
  type SynthesisFailed,
  type SynthesisRetried,
  type SynthesisWritten,
  type Turn,
} from './events.ts';

export type StartSession = { type: 'StartSession'; data: SessionStarted['data'] };
export type AskFollowUp = { type: 'AskFollowUp'; data: FollowUpAsked['data'] & { orgId: string } };
export type StartRound = { type: 'StartRound'; data: RoundStarted['data'] };
export type RecordAnswer = { type: 'RecordAnswer'; data: AdvisorAnswered['data'] };
export type RecordFailure = { type: 'RecordFailure'; data: AdvisorFailed['data'] };
export type RecordSynthesis = { type: 'RecordSynthesis'; data: SynthesisWritten['data'] };
export type RecordSynthesisFailure = { type: 'RecordSynthesisFailure'; data: SynthesisFailed['data'] };
export type StopSession = { type: 'StopSession'; data: { sessionId: string; orgId: string; userId: string; at: string } };
/** The sweep's: the process running the meeting died; everything still waiting is recorded as failed. */
export type AbandonSession = { type: 'AbandonSession'; data: { sessionId: string; reason: string; at: string } };
export type RetryAdvisor = { type: 'RetryAdvisor'; data: AdvisorRetried['data'] & { orgId: string } };
export type RetrySynthesis = { type: 'RetrySynthesis'; data: SynthesisRetried['data'] & { orgId: string } };
export type RenameSession = { type: 'RenameSession'; data: { sessionId: string; orgId: string; title: string; userId: string; at: string } };
export type DeleteSession = { type: 'DeleteSession'; data: { sessionId: string; orgId: string; userId: string; at: string } };
export type ShareSession = { type: 'ShareSession'; data: { sessionId: string; orgId: string; tokenHash: string; userId: string; at: string } };
export type RevokeShare = { type: 'RevokeShare'; data: { sessionId: string; orgId: string; userId: string; at: string } };
export type SessionCommand =
  | StartSession
  | AskFollowUp
  | StartRound
  | RecordAnswer
  | RecordFailure
  | RecordSynthesis
  | RecordSynthesisFailure
  | StopSession
  | AbandonSession
  | RetryAdvisor
  | RetrySynthesis
  | RenameSession
  | DeleteSession
  | ShareSession
  | RevokeShare;

const running = () => new ConflictError('The board is still answering this session', { error: 'session_running' });

function own(state: SessionState, orgId: string) {
  if (!state.exists || state.orgId !== orgId || state.deleted) throw new NotFoundError('Session');
}

const turnCredits = (t: Turn) => t.answers.reduce((n, a) => n + a.credits, 0) + (t.synthesis?.credits ?? 0);
const ended = (state: SessionState, turn: Turn, at: string): SessionEvent => ({
  type: 'SessionEnded',
  data: { sessionId: state.sessionId!, turn: turn.turn, credits: turnCredits(turn), at },
});

/**
 * What follows an answer, a failure or a synthesis: nothing while calls are still being written or
 * a next round can start; the synthesis once the rounds are over (skipped when nobody answered);
 * then the end of the turn. A retry in an ended turn ends it again, after the synthesis when the
 * retry asked for it again.
 */
function afterSettle(before: SessionState, events: SessionEvent[], at: string): SessionEvent[] {
  if (before.status !== 'running') return events;
  const after = events.reduce(evolveSession, before);
  const turn = currentTurn(after)!;
  if (pendingOf(after).length > 0) return events;
  // An ended turn whose synthesis waits was asked again (a retry): the synthesis comes, no next round.
  // (A synthesis written again alone settles here with nothing pending: the turn ends once it is in.)
  if (turn.ended && turn.synthesis?.status !== 'waiting') return [...events, ended(after, turn, at)];
  if (!turn.ended && turn.round < turn.rounds && answeredIn(turn, turn.round).length > 0) return events;
  if (turn.synthesis?.status === 'waiting') {
    if (turn.answers.some((a) => a.status === 'answered')) return events;
    const skipped: SessionEvent = { type: 'SynthesisFailed', data: { sessionId: after.sessionId!, turn: turn.turn, reason: 'No advisor answered: there was nothing to sum up', at } };
    return [...events, skipped, ended(after, currentTurn(evolveSession(after, skipped))!, at)];
  }
  return [...events, ended(after, turn, at)];
}

/** An answer or a failure of a call still being written (an answer also after a stop: its credits were captured). */
function settle(event: AdvisorAnswered | AdvisorFailed, state: SessionState): SessionEvent[] {
  const turn = currentTurn(state);
  const { round = 1, assistantId } = event.data;
  const answer = turn?.turn === event.data.turn ? turn.answers.find((a) => a.assistantId === assistantId && a.round === round) : undefined;
  if (!answer) return [];
  if (answer.status === 'stopped' && event.type === 'AdvisorAnswered') return [event];
  if (answer.status !== 'running') return [];
  return afterSettle(state, [event], event.data.at);
}

function settleSynthesis(event: SynthesisWritten | SynthesisFailed, state: SessionState): SessionEvent[] {
  const turn = currentTurn(state);
  if (!turn || turn.turn !== event.data.turn || !turn.synthesis) return [];
  if (turn.synthesis.status === 'stopped' && event.type === 'SynthesisWritten') return [event];
  if (turn.synthesis.status !== 'waiting' || pendingOf(state).length > 0) return [];
  return afterSettle(state, [event], event.data.at);
}

function startRound({ data }: StartRound, state: SessionState): SessionEvent[] {
  const turn = currentTurn(state);
  if (state.status !== 'running' || !turn || turn.turn !== data.turn || turn.ended) return [];
  if (data.round !== turn.round + 1 || data.round > turn.rounds || pendingOf(state).length > 0) return [];
  const answered = new Set(answeredIn(turn, turn.round).map((a) => a.assistantId));
  const assistantIds = data.assistantIds.filter((id) => answered.has(id));
  return assistantIds.length ? [{ type: 'RoundStarted', data: { ...data, assistantIds } }] : [];
}

function stop({ data }: StopSession, state: SessionState): SessionEvent[] {
  own(state, data.orgId);
  if (state.status !== 'running') return [];
  const turn = currentTurn(state)!;
  const stopped: SessionEvent = { type: 'SessionStopped', data: { sessionId: data.sessionId, turn: turn.turn, userId: data.userId, at: data.at } };
  return [stopped, ended(state, currentTurn(evolveSession(state, stopped))!, data.at)];
}

function abandon({ data }: AbandonSession, state: SessionState): SessionEvent[] {
  if (state.status !== 'running') return [];
  const turn = currentTurn(state)!;
  const events: SessionEvent[] = pendingOf(state).map((a) => ({
    type: 'AdvisorFailed',
    data: { sessionId: data.sessionId, turn: turn.turn, round: a.round, assistantId: a.assistantId, reason: data.reason, at: data.at },
  }));
  if (turn.synthesis?.status === 'waiting') events.push({ type: 'SynthesisFailed', data: { sessionId: data.sessionId, turn: turn.turn, reason: data.reason, at: data.at } });
  const after = events.reduce(evolveSession, state);
  return [...events, ended(after, currentTurn(after)!, data.at)];
}

function retry({ data }: RetryAdvisor, state: SessionState): SessionEvent[] {
  own(state, data.orgId);
  if (state.status !== 'done') throw running();
  const turn = currentTurn(state)!;
  const answer = turn.answers.find((a) => a.assistantId === data.assistantId && a.round === data.round);
  if (turn.turn !== data.turn || !answer) throw new NotFoundError('Answer');
  if (answer.status !== 'failed') throw new ConflictError('Only a failed answer can be asked again', { error: 'answer_not_failed' });
  const { orgId: _org, synthesisHoldId, ...rest } = data;
  // The synthesis is written again only when it had failed: one written (or never planned) stays as it is.
  return [{ type: 'AdvisorRetried', data: synthesisHoldId && turn.synthesis?.status === 'failed' ? { ...rest, synthesisHoldId } : rest }];
}

/** A synthesis that failed or was stopped, written again: once the turn is over, from what was answered. */
function retrySynthesis({ data }: RetrySynthesis, state: SessionState): SessionEvent[] {
  own(state, data.orgId);
  if (state.status !== 'done') throw running();
  const turn = currentTurn(state)!;
  if (turn.turn !== data.turn || !turn.synthesis) throw new NotFoundError('Synthesis');
  if (turn.synthesis.status !== 'failed' && turn.synthesis.status !== 'stopped') {
    throw new ConflictError('Only a synthesis that failed or was stopped can be written again', { error: 'synthesis_not_failed' });
  }
  if (!turn.answers.some((a) => a.status === 'answered')) {
    throw new ConflictError('No advisor answered: there is nothing to sum up; ask a failed advisor again first', { error: 'nothing_to_sum_up' });
  }
  const { orgId: _org, ...rest } = data;
  return [{ type: 'SynthesisRetried', data: rest }];
}

export function decideSession(command: SessionCommand, state: SessionState): SessionEvent[] {
  switch (command.type) {
    case 'StartSession':
      if (state.exists) throw new ConflictError('Session already exists');
      return [{ type: 'SessionStarted', data: command.data }];
    case 'AskFollowUp': {
      own(state, command.data.orgId);
      if (state.status !== 'done' || command.data.turn !== state.turns.length + 1) throw running();
      const { orgId: _org, ...rest } = command.data;
      return [{ type: 'FollowUpAsked', data: rest }];
    }
    case 'StartRound':
      return startRound(command, state);
    case 'RecordAnswer':
      return settle({ type: 'AdvisorAnswered', data: command.data }, state);
    case 'RecordFailure':
      return settle({ type: 'AdvisorFailed', data: command.data }, state);
    case 'RecordSynthesis':
      return settleSynthesis({ type: 'SynthesisWritten', data: command.data }, state);
    case 'RecordSynthesisFailure':
      return settleSynthesis({ type: 'SynthesisFailed', data: command.data }, state);
    case 'StopSession':
      return stop(command, state);
    case 'AbandonSession':
      return abandon(command, state);
    case 'RetryAdvisor':
      return retry(command, state);
    case 'RetrySynthesis':
      return retrySynthesis(command, state);
    case 'RenameSession': {
      own(state, command.data.orgId);
      if (state.title === command.data.title) return [];
      const { orgId: _org, ...rest } = command.data;
      return [{ type: 'SessionRenamed', data: rest }];
    }
    case 'DeleteSession': {
      own(state, command.data.orgId);
      if (state.status === 'running') throw running();
      const { orgId: _org, ...rest } = command.data;
      return [{ type: 'SessionDeleted', data: rest }];
    }
    case 'ShareSession': {
      own(state, command.data.orgId);
      const { orgId: _org, ...rest } = command.data;
      return [{ type: 'SessionShared', data: rest }];
    }
    case 'RevokeShare': {
      own(state, command.data.orgId);
      if (!state.shareHash) return [];
      const { orgId: _org, ...rest } = command.data;
      return [{ type: 'SessionShareRevoked', data: rest }];
    }
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
