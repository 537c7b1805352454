import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { memberOrg } from './credit-routes.ts';
import { captureHold, placeHold, releaseHold } from './ledger.ts';
import { Balance, CaptureAnswer, CaptureBody, ErrorAnswer, HoldAnswer, HoldBody, HoldParams, InsufficientCreditsAnswer } from './credit-schemas.ts';

const holdIdOf = (holdId: string) => {
  if (!isUuid(holdId)) throw new NotFoundError('Hold');
  return holdId;
};

/** Holds: reserve credits before long work, capture the real cost after, release the rest. */
const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/',
    { schema: { tags: ['credits'], body: HoldBody, response: { 201: HoldAnswer, 402: InsufficientCreditsAnswer, 403: ErrorAnswer } } },
    async (request, reply) => {
      const user = request.user!;
      const hold = await placeHold(app, { orgId: memberOrg(user), userId: user.id, ...request.body, metadata: app.commands.metadata(request) });
      return reply.status(201).send(hold);
    },
  );

  app.post(
    '/:holdId/capture',
    { schema: { tags: ['credits'], params: HoldParams, body: CaptureBody, response: { 200: CaptureAnswer, 404: ErrorAnswer, 409: ErrorAnswer } } },
    async (request) => {
      const user = request.user!;
      return captureHold(app, {
        orgId: memberOrg(user),
        holdId: holdIdOf(request.params.holdId),
        userId: user.id,
        credits: request.body?.credits,
        description: request.body?.description,
        metadata: app.commands.metadata(request),
      });
    },
  );

  app.post(
    '/:holdId/release',
    { schema: { tags: ['credits'], params: HoldParams, response: { 200: Balance, 404: ErrorAnswer, 409: ErrorAnswer } } },
    async (request) =>
      releaseHold(app, { orgId: memberOrg(request.user), holdId: holdIdOf(request.params.holdId), metadata: app.commands.metadata(request) }),
  );
};

export default holdRoutes;
