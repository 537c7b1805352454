import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { PageQuery, paged } from '../platform/paging.ts';
import { listAdminUsers } from '../../projections/users/queries.ts';
import { roleStreamId } from '../roles/events.ts';
import { keepAnActiveAdmin } from './admin-guard.ts';
import { userDecider } from './decider.ts';
import { userStreamId } from './events.ts';
import { ActivateBody, ActivateResponse, AdminUser, AdminUserList, Success, UserParams, UserRoleParams } from './admin-schemas.ts';

/** /api/admin/users: the users table, its role buttons and its Enable/Disable toggle. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.users.view');
  const edit = app.requirePermission('admin.users.edit');

  const roleExists = async (roleId: string) => {
    const role = await app.store.load(roleStreamId(roleId));
    if (role.version === 0) throw new NotFoundError('Role');
  };

  app.get(
    '/',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: z.union([AdminUserList, paged(AdminUser)]) } } },
    async (request) => listAdminUsers<z.infer<typeof AdminUser>>(app.readPg, request.query),
  );

  app.put(
    '/:id/activate',
    { onRequest: edit, schema: { tags: ['admin'], params: UserParams, body: ActivateBody, response: { 200: ActivateResponse } } },
    async (request) => {
      const { id } = request.params;
      const active = request.body.is_active;
      if (!active && id === request.user!.id) throw new ConflictError('You cannot disable your own account', { error: 'self' });
      const command = { type: 'SetUserActive' as const, data: { userId: id, active, at: new Date().toISOString() } };
      const options = { metadata: app.commands.metadata(request) };
      const outcome = active
        ? await app.commands.run(userDecider, userStreamId(id), command, options)
        : await app.commands.transaction(async (tx) => {
            await keepAnActiveAdmin(app.store, tx, id);
            return tx.run(userDecider, userStreamId(id), command, options);
          });
      return { success: true as const, is_active: outcome.state.active };
    },
  );

  const changeRole = (type: 'AssignRole' | 'RemoveRole') => async (request: FastifyRequest<{ Params: { id: string; roleId: string } }>) => {
    const { id, roleId } = request.params;
    await roleExists(roleId);
    const command = { type, data: { userId: id, roleId, at: new Date().toISOString() } };
    const options = { metadata: app.commands.metadata(request) };
    if (type === 'AssignRole') await app.commands.run(userDecider, userStreamId(id), command, options);
    else {
      await app.commands.transaction(async (tx) => {
        await keepAnActiveAdmin(app.store, tx, id, roleId);
        return tx.run(userDecider, userStreamId(id), command, options);
      });
    }
    return { success: true as const };
  };
  const roleRoute = { onRequest: edit, schema: { tags: ['admin'], params: UserRoleParams, response: { 200: Success } } };
  app.post('/:id/roles/:roleId', roleRoute, changeRole('AssignRole'));
  app.delete('/:id/roles/:roleId', roleRoute, changeRole('RemoveRole'));
};

export default adminUserRoutes;
