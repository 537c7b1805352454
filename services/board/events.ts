import type { DomainEvent } from '../eventstore/types.ts';

/** A question put to the board: the first one starts the session, each follow-up is a later turn. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  { sessionId: string; orgId: string; projectId: string; userId: string; question: string; assistantIds: string[]; names: Record<string, string>; at: string }
>;
export type FollowUpAsked = DomainEvent<
  'FollowUpAsked',
  { sessionId: string; turn: number; userId: string; question: string; assistantIds: string[]; names: Record<string, string>; at: string }
>;
export type AdvisorAnswered = DomainEvent<
  'AdvisorAnswered',
  {
    sessionId: string;
    turn: number;
    assistantId: string;
    text: string;
    json: unknown;
    model: string;
    tokensIn: number;
    tokensOut: number;
    credits: number;
    holdId: string;
    at: string;
  }
>;
export type AdvisorFailed = DomainEvent<'AdvisorFailed', { sessionId: string; turn: number; assistantId: string; reason: string; at: string }>;
/** Every advisor of the turn has answered or failed. */
export type SessionEnded = DomainEvent<'SessionEnded', { sessionId: string; turn: number; credits: number; at: string }>;
export type SessionEvent = SessionStarted | FollowUpAsked | AdvisorAnswered | AdvisorFailed | SessionEnded;

export interface Answer {
  assistantId: string;
  name: string;
  status: 'running' | 'answered' | 'failed';
  text: string;
  json: unknown;
  model: string | null;
  credits: number;
  tokensIn: number;
  tokensOut: number;
  reason: string | null;
}

export interface Turn {
  turn: number;
  question: string;
  at: string;
  answers: Answer[];
}

export interface SessionState {
  exists: boolean;
  sessionId: string | null;
  orgId: string | null;
  projectId: string | null;
  status: 'running' | 'done';
  turns: Turn[];
  credits: number;
}

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;

export const initialSessionState = (): SessionState => ({
  exists: false,
  sessionId: null,
  orgId: null,
  projectId: null,
  status: 'done',
  turns: [],
  credits: 0,
});

const running = (assistantIds: string[], names: Record<string, string>): Answer[] =>
  assistantIds.map((assistantId) => ({
    assistantId,
    name: names[assistantId] ?? '',
    status: 'running',
    text: '',
    json: null,
    model: null,
    credits: 0,
    tokensIn: 0,
    tokensOut: 0,
    reason: null,
  }));

/** Changes one answer of one turn. */
function settle(state: SessionState, turn: number, assistantId: string, change: Partial<Answer>): SessionState {
  return {
    ...state,
    turns: state.turns.map((t) =>
      t.turn !== turn ? t : { ...t, answers: t.answers.map((a) => (a.assistantId === assistantId ? { ...a, ...change } : a)) },
    ),
  };
}

export function evolveSession(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted': {
      const { sessionId, orgId, projectId, question, assistantIds, names, at } = event.data;
      return { ...state, exists: true, sessionId, orgId, projectId, status: 'running', turns: [{ turn: 1, question, at, answers: running(assistantIds, names) }] };
    }
    case 'FollowUpAsked': {
      const { turn, question, assistantIds, names, at } = event.data;
      return { ...state, status: 'running', turns: [...state.turns, { turn, question, at, answers: running(assistantIds, names) }] };
    }
    case 'AdvisorAnswered': {
      const { turn, assistantId, text, json, model, tokensIn, tokensOut, credits } = event.data;
      const next = settle(state, turn, assistantId, { status: 'answered', text, json, model, tokensIn, tokensOut, credits });
      return { ...next, credits: state.credits + credits };
    }
    case 'AdvisorFailed':
      return settle(state, event.data.turn, event.data.assistantId, { status: 'failed', reason: event.data.reason });
    case 'SessionEnded':
      return { ...state, status: 'done' };
  }
}

export const currentTurn = (state: SessionState): Turn | undefined => state.turns.at(-1);

/** The advisors of the current turn still waiting for their answer. */
export const pendingOf = (state: SessionState): string[] =>
  (currentTurn(state)?.answers ?? []).filter((a) => a.status === 'running').map((a) => a.assistantId);
