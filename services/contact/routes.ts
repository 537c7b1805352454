import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { pageContactMessages } from '../../projections/contact/queries.ts';
import { contactDecider } from './decider.ts';
import { contactStreamId } from './events.ts';
import { ContactBody, ContactMessage, ContactMessagePage, ContactMessagesQuery, ContactReceived } from './schemas.ts';

/** POST /api/contact: the built-in contact form, open to visitors (rate-limited by address). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/', { schema: { tags: ['contact'], body: ContactBody, response: { 201: ContactReceived } } }, async (request, reply) => {
    const messageId = randomUUID();
    await app.commands.run(
      contactDecider,
      contactStreamId(messageId),
      { type: 'SendContactMessage', data: { messageId, ...request.body, userId: request.user?.id ?? null, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request), expected: 'no_stream' },
    );
    return reply.status(201).send({ id: messageId });
  });
};

/** GET /api/admin/contact-messages: what visitors sent, paged like the other admin tables. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requirePermission('admin.messages.view'),
      schema: { tags: ['admin'], querystring: ContactMessagesQuery, response: { 200: ContactMessagePage } },
    },
    async (request) => pageContactMessages<z.infer<typeof ContactMessage>>(app.pg, request.query),
  );
};
