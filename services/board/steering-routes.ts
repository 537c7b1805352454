import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswer } from '../credits/schemas.ts';
import { ConflictError } from '../platform/errors.ts';
import { activeOrg, ownProject, planFor, providerOf, type Passages } from './ask.ts';
import { decideSession, sessionDecider, type SessionCommand } from './decider.ts';
import { answeredIn, currentTurn, sessionStreamId, type HoldRef, type Turn } from './events.ts';
import { placeHolds, releaseHolds, unsettled } from './holds.ts';
import { runRetry, runSynthesisAgain } from './runner.ts';
import type { Meeting, PlannedCall } from './plan.ts';
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

    /**
     * Asks a done session's last turn again (a failed advisor, a failed synthesis): the decider refuses
     * what cannot be asked again before anything is held; then the turn is planned again as it was held
     * (its advisors, mode, rounds and chair), the calls `callsOf` names are held for, and the command is
     * appended with their holds (released again if it is refused). Answers the meeting and the holds.
     */
    const askAgain = async (
      request: Parameters<typeof ownSession>[1],
      sessionId: string,
      callsOf: (turn: Turn, meeting: Meeting) => PlannedCall[],
      command: (asked: { sessionId: string; orgId: string; userId: string; turn: Turn }, holds: (HoldRef | undefined)[]) => SessionCommand,
    ) => {
      const state = await ownSession(app, request, sessionId);
      const deps = providerOf(app);
      await activeOrg(app, state.orgId!);
      const turn = currentTurn(state)!;
      const asked = { sessionId: state.sessionId!, orgId: state.orgId!, userId: request.user!.id, turn };
      decideSession(command(asked, []), state);
      const project = await ownProject(app, request, state.projectId!);
      const ids = [...new Set(turn.answers.map((a) => a.assistantId))];
      const body = { question: turn.question, assistantIds: ids, mode: turn.mode, rounds: turn.rounds, chairId: turn.synthesis?.assistantId };
      const where = { sessionId: state.sessionId!, turn: turn.turn, history: state.turns.slice(0, -1) };
      const { meeting } = await planFor(app, request, project, body, deps.llm.settings, where, passages);
      // An advisor (or the chair) no longer on the board, or no longer active, cannot be asked again.
      const calls = callsOf(turn, meeting);
      if (calls.length === 0 || calls.some((call) => !call)) {
        throw new ConflictError('This advisor is no longer on the board (or no longer active) and cannot be asked again', { error: 'advisor_unavailable' });
      }
      const holds = await placeHolds(deps, meeting, calls, deps.llm.settings);
      try {
        await app.commands.run(sessionDecider, sessionStreamId(meeting.sessionId), command(asked, holds), { metadata: meeting.metadata });
      } catch (err) {
        await releaseHolds(deps, meeting, holds);
        throw err;
      }
      return { deps, meeting, turn, holds };
    };

    app.post(
      '/:sessionId/retry',
      { schema: { tags, params: SessionParams, body: RetryBody, response: { 201: SessionCreated, ...boardErrors } } },
      async (request, reply) => {
        const { assistantId, round } = request.body;
        const callOf = (meeting: Meeting) => meeting.calls.find((c) => c.round === round && c.spec.assistantId === assistantId);
        // A synthesis that failed (nobody had answered, or its call failed) is written again after the answer.
        const synthesisOf = (turn: Turn, meeting: Meeting) => (turn.synthesis?.status === 'failed' && meeting.synthesis ? [meeting.synthesis] : []);
        const { deps, meeting, turn, holds } = await askAgain(
          request,
          request.params.sessionId,
          (turn, meeting) => [callOf(meeting)!, ...synthesisOf(turn, meeting)],
          ({ turn, ...who }, [hold, synthesisHold]) => ({
            type: 'RetryAdvisor',
            data: { ...who, turn: turn.turn, round, assistantId, holdId: hold?.holdId ?? '', at: at(), synthesisHoldId: synthesisHold?.holdId },
          }),
        );
        runRetry(deps, meeting, callOf(meeting)!, holds[0], round === 1 ? [] : answeredIn(turn, round - 1), holds[1]);
        return reply.status(201).send({ sessionId: meeting.sessionId });
      },
    );

    app.post(
      '/:sessionId/synthesis',
      { schema: { tags, params: SessionParams, response: { 201: SessionCreated, ...boardErrors } } },
      async (request, reply) => {
        const { deps, meeting, holds } = await askAgain(
          request,
          request.params.sessionId,
          (_turn, meeting) => (meeting.synthesis ? [meeting.synthesis] : []),
          ({ turn, ...who }, [hold]) => ({ type: 'RetrySynthesis', data: { ...who, turn: turn.turn, holdId: hold?.holdId ?? '', at: at() } }),
        );
        runSynthesisAgain(deps, meeting, holds[0]);
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
