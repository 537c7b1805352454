import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../auth/ids.ts';
import { ConflictError, NotFoundError } from '../eventstore/errors.ts';
import { PageQuery, paged, pageAnswer, pageSql } from '../orgs/admin-paging.ts';
import { subscriptionSql } from '../orgs/subscription.ts';
import { roleStreamId } from '../roles/events.ts';
import { userDecider } from './decider.ts';
import { userStreamId } from './events.ts';
import { ActivateBody, ActivateResponse, AdminUser, AdminUserList, Success, UserParams, UserRoleParams } from './admin-schemas.ts';

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

  const pageable = {
    sortable: { id: 'u.id', name: 'lower(u.name)', email: 'lower(u.email)', is_active: 'u.is_active' },
    searchable: ['u.name', 'u.email', 'u.id::text'],
    tieBreak: 'u.id',
  };

  app.get(
    '/',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: z.union([AdminUserList, paged(AdminUser)]) } } },
    async (request) => {
      const query = request.query;
      const sub = await subscriptionSql(app.pg, 'o');
      const page = pageSql(query, pageable);
      const res = await app.pg.query(
        `SELECT u.id::text, u.name, u.email, u.is_active, u.organization_id::text,
                CASE WHEN o.id IS NULL THEN NULL
                     ELSE json_build_object('name', o.name, 'credits', o.credit_balance::float8, 'subscription', ${sub.select}) END AS organization,
                coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                            FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '[]') AS roles,
                coalesce((SELECT array_agg(DISTINCT rp.permission ORDER BY rp.permission)
                            FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = u.id), '{}') AS permissions
                ${query.page ? ', count(*) OVER () AS total_rows' : ''}
           FROM users u LEFT JOIN orgs o ON o.id = u.organization_id ${sub.join}
           ${page.where} ${query.page ? page.order : 'ORDER BY u.created_at, u.id'} ${page.limit}`,
        page.params,
      );
      return pageAnswer<z.infer<typeof AdminUser>>(query, res.rows, async () => (await app.pg.query(`SELECT count(*)::int AS n FROM users u ${page.where}`, page.whereParams)).rows[0].n);
    },
  );

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

  const changeRole = (type: 'AssignRole' | 'RemoveRole') => async (request: FastifyRequest<{ Params: { id: string; roleId: string } }>) => {
    const { id, roleId } = request.params;
    known(id, roleId);
    await roleExists(roleId);
    await app.commands.run(userDecider, userStreamId(id), { type, data: { userId: id, roleId, at: new Date().toISOString() } }, {
      metadata: app.commands.metadata(request),
    });
    return { success: true as const };
  };
  const roleRoute = { onRequest: edit, schema: { tags: ['admin'], params: UserRoleParams, response: { 200: Success } } };
  app.post('/:id/roles/:roleId', roleRoute, changeRole('AssignRole'));
  app.delete('/:id/roles/:roleId', roleRoute, changeRole('RemoveRole'));
};

export default adminUserRoutes;
