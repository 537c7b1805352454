import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { activeOrg, ownProject, planFor, providerOf, type Passages } from './ask.ts';
import { sessionDecider } from './decider.ts';
import { answeredIn, currentTurn, sessionStreamId } from './events.ts';
import { placeHolds, releaseHolds, unsettled } from './holds.ts';
import { runRetry } from './runner.ts';
import { boardErrors, ownSession } from './routes.ts';
import { RenameBody, RetryBody, Session, SessionCreated, SessionParams } from './schemas.ts';
import { sessionView } from './view.ts';

const tags = ['board'];

/** Steering a meeting: stop it, ask a failed advisor again, rename or delete a session. */
export function steeringRoutes(passages: Passages): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', app.requireUser);
    const at = () => new Date().toISOString();

    app.post('/:sessionId/stop', { schema: { tags, params: SessionParams, response: { 200: Session, 404: ErrorAnswer } } }, async (request) => {
      const state = await ownSession(app, request, request.params.sessionId);
      const sessionId = state.sessionId!;
      const outcome = await app.commands.run(
        sessionDecider,
        sessionStreamId(sessionId),
        { type: 'StopSession', data: { sessionId, orgId: state.orgId!, userId: request.user!.id, at: at() } },
        { metadata: app.commands.metadata(request) },
      );
      if (outcome.events.length) {
        app.board.live.stop(sessionId);
        const turn = currentTurn(outcome.state)!;
        await releaseHolds({ credits: app.credits, log: app.log }, { orgId: state.orgId!, projectId: state.projectId!, metadata: app.commands.metadata(request) }, unsettled(turn.holds, outcome.state, turn.turn));
      }
      return sessionView(outcome.state, app.board.live);
    });

    app.post(
      '/:sessionId/retry',
      { schema: { tags, params: SessionParams, body: RetryBody, response: { 201: SessionCreated, ...boardErrors } } },
      async (request, reply) => {
        const state = await ownSession(app, request, request.params.sessionId);
        const deps = providerOf(app);
        await activeOrg(app, state.orgId!);
        if (state.status !== 'done') throw new ConflictError('The board is still answering this session', { error: 'session_running' });
        const { assistantId, round } = request.body;
        const turn = currentTurn(state)!;
        const failed = turn.answers.find((a) => a.assistantId === assistantId && a.round === round);
        if (!failed) throw new NotFoundError('Answer');
        if (failed.status !== 'failed') throw new ConflictError('Only a failed answer can be asked again', { error: 'answer_not_failed' });
        const project = await ownProject(app, request, state.projectId!);
        const ids = [...new Set(turn.answers.map((a) => a.assistantId))];
        const body = { question: turn.question, assistantIds: ids, mode: turn.mode, rounds: turn.rounds, chairId: turn.synthesis?.assistantId };
        const where = { sessionId: state.sessionId!, turn: turn.turn, history: state.turns.slice(0, -1) };
        const { meeting } = await planFor(app, request, project, body, deps.llm.settings, where, passages);
        const call = meeting.calls.find((c) => c.round === round && c.spec.assistantId === assistantId)!;
        // A synthesis that failed (nobody had answered, or its call failed) is written again after the answer.
        const synthesis = turn.synthesis?.status === 'failed' ? meeting.synthesis : undefined;
        const [hold, synthesisHold] = await placeHolds(deps, meeting, synthesis ? [call, synthesis] : [call], deps.llm.settings);
        const holds = synthesisHold ? [hold, synthesisHold] : [hold];
        try {
          await app.commands.run(
            sessionDecider,
            sessionStreamId(meeting.sessionId),
            {
              type: 'RetryAdvisor',
              data: { sessionId: meeting.sessionId, orgId: project.orgId, turn: turn.turn, round, assistantId, holdId: hold.holdId, userId: meeting.userId, at: at(), synthesisHoldId: synthesisHold?.holdId },
            },
            { metadata: meeting.metadata },
          );
        } catch (err) {
          await releaseHolds(deps, meeting, holds);
          throw err;
        }
        runRetry(deps, meeting, call, hold, round === 1 ? [] : answeredIn(turn, round - 1), synthesisHold);
        return reply.status(201).send({ sessionId: meeting.sessionId });
      },
    );

    app.patch('/:sessionId', { schema: { tags, params: SessionParams, body: RenameBody, response: { 200: Session, 400: ErrorAnswer, 404: ErrorAnswer } } }, async (request) => {
      const state = await ownSession(app, request, request.params.sessionId);
      const outcome = await app.commands.run(
        sessionDecider,
        sessionStreamId(state.sessionId!),
        { type: 'RenameSession', data: { sessionId: state.sessionId!, orgId: state.orgId!, title: request.body.title, userId: request.user!.id, at: at() } },
        { metadata: app.commands.metadata(request) },
      );
      return sessionView(outcome.state, app.board.live);
    });

    app.delete('/:sessionId', { schema: { tags, params: SessionParams, response: { 204: z.null(), 404: ErrorAnswer, 409: ErrorAnswer } } }, async (request, reply) => {
      const state = await ownSession(app, request, request.params.sessionId);
      await app.commands.run(
        sessionDecider,
        sessionStreamId(state.sessionId!),
        { type: 'DeleteSession', data: { sessionId: state.sessionId!, orgId: state.orgId!, userId: request.user!.id, at: at() } },
        { metadata: app.commands.metadata(request) },
      );
      return reply.status(204).send(null);
    });
  };
}
