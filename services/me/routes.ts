import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { loadProfile, saveProfile } from './profile.ts';
import { Profile, UpdateProfileBody, UpdateProfileResponse } from './schemas.ts';

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/profile', { schema: { tags: ['profile'], response: { 200: Profile } } }, async (request) => {
    const profile = await loadProfile(app, request.user!.id, request.user!.organization_id);
    if (!profile) throw new NotFoundError('User');
    return profile;
  });

  app.post(
    '/profile/update',
    { schema: { tags: ['profile'], body: UpdateProfileBody, response: { 200: UpdateProfileResponse } } },
    async (request) => {
      const userId = request.user!.id;
      await saveProfile(app, userId, request.body, app.commands.metadata(request));
      const profile = await loadProfile(app, userId);
      if (!profile) throw new NotFoundError('User');
      return { success: true as const, user: profile };
    },
  );
};

export default meRoutes;
