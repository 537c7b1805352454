import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, keyOrSession, spendProject } from './routes.ts';
import { Balance, CaptureAnswer, CaptureBody, ErrorAnswer, HoldAnswer, HoldBody, HoldParams, SpendRefusedAnswer, InvalidKeyAnswer } from './schemas.ts';

/** Holds: reserve credits before long work, capture the real cost after, release the rest. */
const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUserOrKey);

  app.post(
    '/',
    { schema: { tags: ['credits'], security: keyOrSession, body: HoldBody, response: { 401: InvalidKeyAnswer, 201: HoldAnswer, 402: SpendRefusedAnswer, 403: ErrorAnswer } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const projectId = await spendProject(app, caller.orgId, request.body.projectId);
      const hold = await app.credits.hold({ ...caller, ...request.body, projectId, metadata: app.commands.metadata(request) });
      return reply.status(201).send(hold);
    },
  );

  app.post(
    '/:holdId/capture',
    { schema: { tags: ['credits'], security: keyOrSession, params: HoldParams, body: CaptureBody, response: { 401: InvalidKeyAnswer, 200: CaptureAnswer, 404: ErrorAnswer, 409: ErrorAnswer } } },
    async (request) => {
      return app.credits.capture({
        ...callerOf(request),
        holdId: request.params.holdId,
        credits: request.body?.credits,
        description: request.body?.description,
        metadata: app.commands.metadata(request),
      });
    },
  );

  app.post(
    '/:holdId/release',
    { schema: { tags: ['credits'], security: keyOrSession, params: HoldParams, response: { 401: InvalidKeyAnswer, 200: Balance, 404: ErrorAnswer, 409: ErrorAnswer } } },
    async (request) =>
      app.credits.release({ orgId: callerOf(request).orgId, holdId: request.params.holdId, metadata: app.commands.metadata(request) }),
  );
};

export default holdRoutes;
