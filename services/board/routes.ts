import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { OrganizationInactive } from '../credits/errors.ts';
import { findProject } from '../../projections/projects/queries.ts';
import { orgIsActive } from '../../projections/orgs/queries.ts';
import { listAdvisors } from '../../projections/assistants/queries.ts';
import { listSessions } from '../../projections/sessions/queries.ts';
import { InsufficientCreditsAnswer, ErrorAnswer } from '../credits/schemas.ts';
import { advisorSpecs } from './advisors.ts';
import { sessionDecider, type SessionCommand } from './decider.ts';
import { sessionStreamId, type SessionState } from './events.ts';
import { placeHolds, planTurn, releaseAll, runTurn, type BoardDeps, type Turn } from './runner.ts';
import { BoardStatus, FollowUpBody, NoProviderAnswer, ProjectParams, Session, SessionCreated, SessionList, SessionParams, StartSessionBody } from './schemas.ts';
import { streamSession } from './sse.ts';
import { sessionView, withLatest } from './view.ts';
import { MAX_QUESTION } from './schemas.ts';

export class NoModelProvider extends DomainError {
  constructor() {
    super(503, 'no_model_provider', 'No model provider is configured: set LLM_BASE_URL (and LLM_API_KEY)', { error: 'no_model_provider' });
  }
}

const tags = ['board'];
const errors = { 400: ErrorAnswer, 402: InsufficientCreditsAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer, 503: NoProviderAnswer };

/** The caller's session of the board, from its stream; another organization's is not found. */
export async function ownSession(app: FastifyInstance, request: FastifyRequest, sessionId: string): Promise<SessionState> {
  const orgId = request.user?.organization_id;
  if (!isUuid(sessionId) || !orgId) throw new NotFoundError('Session');
  const state = await loadState(app.store, sessionDecider, sessionStreamId(sessionId));
  if (!state.exists || state.orgId !== orgId) throw new NotFoundError('Session');
  return state;
}

function providerOf(app: FastifyInstance): BoardDeps {
  if (!app.board.deps) throw new NoModelProvider();
  return app.board.deps;
}

async function activeOrg(app: FastifyInstance, orgId: string) {
  if ((await orgIsActive(app.pg, orgId)) === false) throw new OrganizationInactive();
}

/** Holds every advisor's most, appends the turn (releasing the holds if that fails), then answers in the background. */
async function ask(app: FastifyInstance, turn: Turn, command: SessionCommand, expected?: 'no_stream') {
  const deps = providerOf(app);
  const planned = await planTurn(deps, turn);
  const holds = await placeHolds(deps, turn, planned);
  try {
    await app.commands.run(sessionDecider, sessionStreamId(turn.sessionId), command, { metadata: turn.metadata, ...(expected ? { expected } : {}) });
  } catch (err) {
    await releaseAll(deps, turn, holds);
    throw err;
  }
  runTurn(deps, turn, planned, holds);
}

const namesOf = (specs: { assistantId: string; name: string }[]) => Object.fromEntries(specs.map((s) => [s.assistantId, s.name]));

/** The advisory board: sessions in a project, answered by the assistants ready to deploy, paid with credits. */
const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/board', { schema: { tags, response: { 200: BoardStatus } } }, async () => ({
    modelProvider: app.board.deps !== null,
    maxQuestion: MAX_QUESTION,
  }));

  app.post(
    '/projects/:id/sessions',
    { schema: { tags, params: ProjectParams, body: StartSessionBody, response: { 201: SessionCreated, ...errors } } },
    async (request, reply) => {
      const user = request.user!;
      const orgId = user.organization_id;
      const { id } = request.params;
      if (!orgId || !isUuid(id) || !(await findProject(app.pg, id, orgId))) throw new NotFoundError('Project');
      providerOf(app);
      await activeOrg(app, orgId);
      const specs = await advisorSpecs(app.pg, request.body.assistantIds);
      const sessionId = randomUUID();
      const { question } = request.body;
      const metadata = app.commands.metadata(request);
      const turn: Turn = { sessionId, requestId: randomUUID(), orgId, userId: user.id, turn: 1, question, specs, history: [], metadata };
      const at = new Date().toISOString();
      const data = { sessionId, orgId, projectId: id, userId: user.id, question, assistantIds: specs.map((s) => s.assistantId), names: namesOf(specs), at };
      await ask(app, turn, { type: 'StartSession', data }, 'no_stream');
      return reply.status(201).send({ sessionId });
    },
  );

  app.get('/projects/:id/sessions', { schema: { tags, params: ProjectParams, response: { 200: SessionList, 404: ErrorAnswer } } }, async (request) => {
    const orgId = request.user!.organization_id;
    const { id } = request.params;
    if (!orgId || !isUuid(id) || !(await findProject(app.pg, id, orgId))) throw new NotFoundError('Project');
    return { data: (await listSessions(app.pg, id, orgId)).map(withLatest) };
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
    { schema: { tags, params: SessionParams, body: FollowUpBody, response: { 201: SessionCreated, ...errors } } },
    async (request, reply) => {
      const user = request.user!;
      const state = await ownSession(app, request, request.params.sessionId);
      providerOf(app);
      await activeOrg(app, state.orgId!);
      if (state.status !== 'done') throw new ConflictError('The board is still answering this session', { error: 'session_running' });
      // The advisors of the last turn that are still on the board.
      const onBoard = new Set((await listAdvisors(app.pg)).map((a) => a.id));
      const ids = (state.turns.at(-1)?.answers ?? []).map((a) => a.assistantId).filter((id) => onBoard.has(id));
      if (ids.length === 0) throw new ValidationError('assistantIds: none of this session’s advisors is on the board any more', 'assistantIds');
      const specs = await advisorSpecs(app.pg, ids);
      const sessionId = state.sessionId!;
      const { question } = request.body;
      const metadata = app.commands.metadata(request);
      const turn: Turn = { sessionId, requestId: randomUUID(), orgId: state.orgId!, userId: user.id, turn: state.turns.length + 1, question, specs, history: state.turns, metadata };
      const at = new Date().toISOString();
      const data = { sessionId, orgId: state.orgId!, turn: turn.turn, userId: user.id, question, assistantIds: ids, names: namesOf(specs), at };
      await ask(app, turn, { type: 'AskFollowUp', data });
      return reply.status(201).send({ sessionId });
    },
  );
};

export default boardRoutes;
