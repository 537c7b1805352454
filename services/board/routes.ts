import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { projectDecider } from '../projects/decider.ts';
import { projectStreamId } from '../projects/events.ts';
import { listAdvisors } from '../../projections/assistants/queries.ts';
import { listSessions } from '../../projections/sessions/queries.ts';
import { SpendRefusedAnswer, ErrorAnswer } from '../credits/schemas.ts';
import { activeOrg, holdAll, ownProject, planFor, providerOf, setupOf, type Passages } from './ask.ts';
import { sessionDecider, type SessionCommand } from './decider.ts';
import { sessionStreamId, type SessionState } from './events.ts';
import { quoteOf, type Meeting } from './plan.ts';
import { releaseHolds } from './holds.ts';
import { runMeeting } from './runner.ts';
import { MODE_TABLE, MEETING_MODES } from './modes/table.ts';
import {
  BoardStatus,
  FollowUpBody,
  MAX_QUESTION,
  MAX_ROUNDS_PER_MEETING,
  NoProviderAnswer,
  ProjectParams,
  QuoteAnswer,
  QuoteBody,
  Session,
  SessionCreated,
  SessionList,
  SessionParams,
  StartSessionBody,
} from './schemas.ts';
import { streamSession } from './sse.ts';
import { sessionView, withLatest } from './view.ts';

export { NoModelProvider } from './ask.ts';

const tags = ['board'];
export const boardErrors = { 400: ErrorAnswer, 402: SpendRefusedAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer, 503: NoProviderAnswer };

/** The caller's session of the board, from its stream; another organization's (or a deleted one) is not found. */
export async function ownSession(app: FastifyInstance, request: FastifyRequest, sessionId: string): Promise<SessionState> {
  const orgId = request.user?.organization_id;
  if (!orgId) throw new NotFoundError('Session');
  const state = await loadState(app.store, sessionDecider, sessionStreamId(sessionId));
  if (!state.exists || state.orgId !== orgId || state.deleted) throw new NotFoundError('Session');
  return state;
}

/** Holds every call's most, appends the turn (releasing the holds if that fails), then meets in the background. */
async function ask(app: FastifyInstance, meeting: Meeting, command: (setup: ReturnType<typeof setupOf>) => SessionCommand, expected?: 'no_stream') {
  const deps = providerOf(app);
  const holds = await holdAll(deps, meeting);
  try {
    await app.commands.run(sessionDecider, sessionStreamId(meeting.sessionId), command(setupOf(meeting, holds)), { metadata: meeting.metadata, ...(expected ? { expected } : {}) });
  } catch (err) {
    await releaseHolds(deps, meeting, holds);
    throw err;
  }
  runMeeting(deps, meeting, holds);
}

/** The advisory board: meetings in a project, answered by its advisors, paid with credits. */
export function boardRoutes(passages: Passages): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get('/board', { schema: { tags, response: { 200: BoardStatus } } }, async () => ({
      modelProvider: app.board.deps !== null,
      maxQuestion: MAX_QUESTION,
      maxRounds: MAX_ROUNDS_PER_MEETING,
      modes: MEETING_MODES.map((m) => ({ mode: m, label: MODE_TABLE[m].label, purpose: MODE_TABLE[m].purpose })),
    }));

    app.post(
      '/projects/:id/sessions/quote',
      { schema: { tags, params: ProjectParams, body: QuoteBody, response: { 200: QuoteAnswer, ...boardErrors } } },
      async (request) => {
        const project = await ownProject(app, request, request.params.id);
        const deps = providerOf(app);
        const { meeting } = await planFor(app, request, project, request.body, deps.llm.settings, { sessionId: randomUUID(), turn: 1, history: [] }, passages);
        return quoteOf(meeting);
      },
    );

    app.post(
      '/projects/:id/sessions',
      { schema: { tags, params: ProjectParams, body: StartSessionBody, response: { 201: SessionCreated, ...boardErrors } } },
      async (request, reply) => {
        const project = await ownProject(app, request, request.params.id);
        const deps = providerOf(app);
        await activeOrg(app, project.orgId);
        const sessionId = randomUUID();
        const { meeting, board } = await planFor(app, request, project, request.body, deps.llm.settings, { sessionId, turn: 1, history: [] }, passages);
        const at = new Date().toISOString();
        await ask(app, meeting, (setup) => ({
          type: 'StartSession',
          data: { sessionId, orgId: project.orgId, projectId: project.id, userId: meeting.userId, question: meeting.question, at, ...setup },
        }), 'no_stream');
        // A board first used is kept as it met: an assistant deployed later does not join it by itself.
        if (!board.saved) {
          const data = { projectId: project.id, orgId: project.orgId, assistantIds: meeting.specs.map((s) => s.assistantId), chairId: null, mode: meeting.mode, rounds: meeting.rounds, userId: meeting.userId, at };
          await app.commands.run(projectDecider, projectStreamId(project.id), { type: 'SaveBoard', data }, { metadata: meeting.metadata }).catch((err) =>
            request.log.warn({ err }, 'board: could not keep the board of a first meeting'),
          );
        }
        return reply.status(201).send({ sessionId });
      },
    );

    app.get('/projects/:id/sessions', { schema: { tags, params: ProjectParams, response: { 200: SessionList, 404: ErrorAnswer } } }, async (request) => {
      const project = await ownProject(app, request, request.params.id);
      return { data: (await listSessions(app.pg, project.id, project.orgId)).map(withLatest) };
    });

    app.get('/sessions/:sessionId', { schema: { tags, params: SessionParams, response: { 200: Session, 404: ErrorAnswer } } }, async (request) =>
      sessionView(await ownSession(app, request, request.params.sessionId), app.board.live),
    );

    app.get('/sessions/:sessionId/events', { schema: { tags, params: SessionParams, response: { 404: ErrorAnswer } } }, async (request, reply) => {
      const state = await ownSession(app, request, request.params.sessionId);
      return streamSession(app, request, reply, state);
    });

    app.post(
      '/sessions/:sessionId/follow-up',
      { schema: { tags, params: SessionParams, body: FollowUpBody, response: { 201: SessionCreated, ...boardErrors } } },
      async (request, reply) => {
        const state = await ownSession(app, request, request.params.sessionId);
        const deps = providerOf(app);
        await activeOrg(app, state.orgId!);
        if (state.status !== 'done') throw new ConflictError('The board is still answering this session', { error: 'session_running' });
        const last = state.turns.at(-1)!;
        // The advisors of the last turn that are still on the board, meeting as they did.
        const onBoard = new Set((await listAdvisors(app.pg)).map((a) => a.id));
        const ids = [...new Set(last.answers.map((a) => a.assistantId))].filter((id) => onBoard.has(id));
        if (ids.length === 0) throw new ValidationError('assistantIds: none of this session’s advisors is on the board any more', 'assistantIds');
        const project = await ownProject(app, request, state.projectId!);
        const chairId = last.synthesis && ids.includes(last.synthesis.assistantId) ? last.synthesis.assistantId : undefined;
        const body = { question: request.body.question, assistantIds: ids, mode: last.mode, rounds: last.rounds, chairId };
        const turn = { sessionId: state.sessionId!, turn: state.turns.length + 1, history: state.turns };
        const { meeting } = await planFor(app, request, project, body, deps.llm.settings, turn, passages);
        const at = new Date().toISOString();
        await ask(app, meeting, (setup) => ({
          type: 'AskFollowUp',
          data: { sessionId: meeting.sessionId, orgId: project.orgId, turn: turn.turn, userId: meeting.userId, question: meeting.question, at, ...setup },
        }));
        return reply.status(201).send({ sessionId: meeting.sessionId });
      },
    );
  };
}
