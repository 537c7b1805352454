import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isUuid } from '../auth/ids.ts';
import { ConflictError, NotFoundError } from '../eventstore/errors.ts';
import { subscriptionSql } from '../orgs/subscription.ts';
import { roleStreamId } from '../roles/events.ts';
import { userDecider } from './decider.ts';
import { userStreamId } from './events.ts';
import { ActivateBody, ActivateResponse, AdminUserList, Success, UserParams, UserRoleParams } from './admin-schemas.ts';

/** /api/admin/users: the users table, its role buttons and its Enable/Disable toggle. */
const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.users.view');
  const edit = app.requirePermission('admin.users.edit');

  const known = (userId: string, roleId?: string) => {
    if (!isUuid(userId)) throw new NotFoundError('User');
    if (roleId !== undefined && !isUuid(roleId)) throw new NotFoundError('Role');
  };
  const roleExists = async (roleId: string) => {
    const role = await app.store.load(roleStreamId(roleId));
    if (role.version === 0) throw new NotFoundError('Role');
  };

  app.get('/', { onRequest: view, schema: { tags: ['admin'], response: { 200: AdminUserList } } }, async () => {
    const sub = await subscriptionSql(app.pg, 'o');
    const res = await app.pg.query(
      `SELECT u.id::text, u.name, u.email, u.is_active, u.organization_id::text,
              CASE WHEN o.id IS NULL THEN NULL
                   ELSE json_build_object('name', o.name, 'credits', o.credit_balance::float8, 'subscription', ${sub.select}) END AS organization,
              coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                          FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
              coalesce((SELECT array_agg(DISTINCT rp.permission ORDER BY rp.permission)
                          FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id), '{}') AS permissions
         FROM users u LEFT JOIN orgs o ON o.id = u.organization_id ${sub.join}
        ORDER BY u.created_at, u.id`,
    );
    return res.rows;
  });

  app.put(
    '/:id/activate',
    { onRequest: edit, schema: { tags: ['admin'], params: UserParams, body: ActivateBody, response: { 200: ActivateResponse } } },
    async (request) => {
      const { id } = request.params;
      known(id);
      const active = request.body.is_active;
      if (!active && id === request.user!.id) throw new ConflictError('You cannot disable your own account', { error: 'self' });
      const outcome = await app.commands.run(
        userDecider,
        userStreamId(id),
        { type: 'SetUserActive', data: { userId: id, active, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const, is_active: outcome.state.active };
    },
  );

  app.post(
    '/:id/roles/:roleId',
    { onRequest: edit, schema: { tags: ['admin'], params: UserRoleParams, response: { 200: Success } } },
    async (request) => {
      const { id, roleId } = request.params;
      known(id, roleId);
      await roleExists(roleId);
      await app.commands.run(
        userDecider,
        userStreamId(id),
        { type: 'AssignRole', data: { userId: id, roleId, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const };
    },
  );

  app.delete(
    '/:id/roles/:roleId',
    { onRequest: edit, schema: { tags: ['admin'], params: UserRoleParams, response: { 200: Success } } },
    async (request) => {
      const { id, roleId } = request.params;
      known(id, roleId);
      await roleExists(roleId);
      await app.commands.run(
        userDecider,
        userStreamId(id),
        { type: 'RemoveRole', data: { userId: id, roleId, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const };
    },
  );
};

export default adminUserRoutes;
