import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadState } from '../eventstore/command-handler.ts';
import { NotFoundError } from '../platform/errors.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { sharedSessionId } from '../../projections/sessions/queries.ts';
import { sessionDecider } from './decider.ts';
import { sessionStreamId, type SessionState } from './events.ts';
import { sessionBlocks, toMarkdown, toPdf } from './export.ts';
import { ownSession } from './routes.ts';
import { SessionParams, SharedSession, ShareAnswer } from './schemas.ts';

const tags = ['board'];
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const fileName = (state: SessionState, ext: string) =>
  `${(state.title ?? state.turns[0]?.question ?? 'meeting').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'meeting'}.${ext}`;

/** What a shared link shows: the meeting, and nothing of credits, tokens or the organization. */
function publicView(state: SessionState) {
  return {
    title: state.title,
    createdAt: state.turns[0]?.at ?? '',
    turns: state.turns.map((t) => ({
      turn: t.turn,
      question: t.question,
      mode: t.mode,
      rounds: t.rounds,
      answers: t.answers.map((a) => ({ name: a.name, round: a.round, status: a.status, text: a.status === 'answered' ? a.text : '', json: a.status === 'answered' ? a.json : null })),
      synthesis: t.synthesis?.result ? { name: t.synthesis.name, missing: t.synthesis.missing, result: t.synthesis.result } : null,
    })),
  };
}

/** The record leaves the page: export as Markdown or PDF, share a read-only link, revoke it. */
export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions/:sessionId/export',
    { onRequest: app.requireUser, schema: { tags, params: SessionParams, querystring: z.object({ format: z.enum(['md', 'pdf'], { message: 'format must be md or pdf' }).default('md') }), response: { 200: z.string().describe('The meeting as Markdown, or a PDF'), 400: ErrorAnswer, 404: ErrorAnswer } } },
    async (request, reply) => {
      const state = await ownSession(app, request, request.params.sessionId);
      const blocks = sessionBlocks(state, { credits: true });
      const { format } = request.query;
      reply.header('content-disposition', `attachment; filename="${fileName(state, format)}"`);
      // A Buffer is sent as it is (Fastify serializes only objects).
      if (format === 'pdf') return reply.type('application/pdf').send((await toPdf(blocks, blocks[0].text)) as unknown as string);
      return reply.type('text/markdown; charset=utf-8').send(toMarkdown(blocks));
    },
  );

  app.post('/sessions/:sessionId/share', { onRequest: app.requireUser, schema: { tags, params: SessionParams, response: { 201: ShareAnswer, 404: ErrorAnswer } } }, async (request, reply) => {
    const state = await ownSession(app, request, request.params.sessionId);
    const token = randomBytes(24).toString('base64url');
    await app.commands.run(
      sessionDecider,
      sessionStreamId(state.sessionId!),
      { type: 'ShareSession', data: { sessionId: state.sessionId!, orgId: state.orgId!, tokenHash: hashOf(token), userId: request.user!.id, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return reply.status(201).send({ url: `/shared/${token}`, token });
  });

  app.delete('/sessions/:sessionId/share', { onRequest: app.requireUser, schema: { tags, params: SessionParams, response: { 204: z.null(), 404: ErrorAnswer } } }, async (request, reply) => {
    const state = await ownSession(app, request, request.params.sessionId);
    await app.commands.run(
      sessionDecider,
      sessionStreamId(state.sessionId!),
      { type: 'RevokeShare', data: { sessionId: state.sessionId!, orgId: state.orgId!, userId: request.user!.id, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return reply.status(204).send(null);
  });

  // Public: the token is the only key. Unknown, revoked or deleted all answer the same 404; the
  // session's own stream decides, so a revoke counts at once whatever the read model says.
  app.get('/shared/:token', { schema: { tags, params: z.object({ token: z.string().max(200) }), response: { 200: SharedSession, 404: ErrorAnswer } } }, async (request, res) => {
    const hash = hashOf(request.params.token);
    const sessionId = await sharedSessionId(app.pg, hash);
    const state = sessionId ? await loadState(app.store, sessionDecider, sessionStreamId(sessionId)) : null;
    if (!state || state.deleted || state.shareHash !== hash) throw new NotFoundError('Shared session');
    res.header('cache-control', 'no-store');
    return publicView(state);
  });
};
