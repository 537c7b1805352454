import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { accountStatusOf, findOrRegister } from './accounts.ts';
import { registerGoogle } from './google.ts';
import { DevLoginBody, DevLoginResponse, MeResponse, ProvidersResponse } from './schemas.ts';

export const DEFAULT_AVATAR = '/default-avatar.svg';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = await registerGoogle(app);

  app.get('/me', { schema: { tags: ['auth'], response: { 200: MeResponse } } }, async (request) => {
    const user = request.user;
    if (!user) return { success: false as const, reason: 'unauthenticated' as const };
    if (!user.is_active) {
      const status = await accountStatusOf(app, user.id);
      return { success: false as const, reason: 'inactive' as const, account_status: status === 'disabled' ? ('disabled' as const) : ('pending' as const) };
    }
    const { sessionId: _session, ...rest } = user;
    return { success: true as const, user: { ...rest, avatar_url: user.avatar_url || DEFAULT_AVATAR } };
  });

  app.get('/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await app.signOut(request, reply);
    return reply.redirect('/');
  });

  app.get('/providers', { schema: { tags: ['auth'], response: { 200: ProvidersResponse } } }, async () => ({
    google,
    dev: app.config.devLogin,
  }));

  app.post(
    '/dev-login',
    { schema: { tags: ['auth'], body: DevLoginBody, response: { 200: DevLoginResponse } } },
    async (request, reply) => {
      if (!app.config.devLogin) throw new NotFoundError('Route');
      const { email, name } = request.body;
      const userId = await findOrRegister(app, { email, name, givenName: name.split(/\s+/)[0], avatarUrl: null }, request.id);
      await app.signIn(request, reply, userId);
      const status = await accountStatusOf(app, userId);
      return { success: true as const, active: status === 'active', account_status: status };
    },
  );
};

export default authRoutes;
