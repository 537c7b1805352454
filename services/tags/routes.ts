import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DuplicateError } from '../platform/errors.ts';
import { CreateTagBody, TagCreatedAnswer, TagList } from './schemas.ts';
import { createTag, tagIdByName } from './store.ts';
import { listTags, tagName } from '../../projections/tags/queries.ts';

/** A name already taken answers the existing tag (200) instead of a duplicate: Enter in the tag selector is safe to repeat. */
const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requirePermission('admin.assistants.view'), schema: { tags: ['tags'], response: { 200: TagList } } },
    async () => ({ data: await listTags(app.pg) }),
  );

  app.post(
    '/',
    {
      onRequest: app.requirePermission('admin.assistants.edit'),
      schema: { tags: ['tags'], body: CreateTagBody, response: { 200: TagCreatedAnswer, 201: TagCreatedAnswer } },
    },
    async (request, reply) => {
      const { name, description } = request.body;
      // The answer for a name already taken, as data: a reply returned from here would be awaited as a
      // thenable (Fastify's reply resolves to nothing once sent), and the create below would run anyway.
      const existing = async () => {
        const id = await tagIdByName(app.pg, name);
        return id ? { id, name: (await tagName(app.pg, id)) ?? name, existing: true } : null;
      };
      const found = await existing();
      if (found) return reply.status(200).send(found);
      try {
        const id = await app.commands.transaction((tx) => createTag(tx, name, description, app.commands.metadata(request)));
        return reply.status(201).send({ id, name, existing: false });
      } catch (err) {
        if (!(err instanceof DuplicateError)) throw err;
        const again = await existing();
        if (again) return reply.status(200).send(again);
        throw err;
      }
    },
  );
};

export default tagRoutes;
