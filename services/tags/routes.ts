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
      const existing = async () => {
        const id = await tagIdByName(app.pg, name);
        return id ? reply.status(200).send({ id, name: (await tagName(app.pg, id)) ?? name, existing: true }) : null;
      };
      const found = await existing();
      if (found) return found;
      try {
        const id = await app.commands.transaction((tx) => createTag(tx, name, description, app.commands.metadata(request)));
        return reply.status(201).send({ id, name, existing: false });
      } catch (err) {
        if (!(err instanceof DuplicateError)) throw err;
        const again = await existing();
        if (again) return again;
        throw err;
      }
    },
  );
};

export default tagRoutes;
