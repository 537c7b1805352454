import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import {
  CreateRoleBody,
  CreateRoleResponse,
  PermissionList,
  RolePermissionParams,
  RolesResponse,
  Success,
} from './admin-schemas.ts';
import { roleDecider } from './decider.ts';
import { roleStreamId } from './events.ts';
import { listRoles } from '../../projections/roles/queries.ts';
import { isKnownPermission, PERMISSIONS } from './permissions.ts';

const describePermission = (name: string) => PERMISSIONS.find((p) => p.name === name) ?? { id: name, name, description: '' };

/** /api/admin/roles: roles with their permissions, new roles, and permission assignment. */
export const adminRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.roles.view');
  const edit = app.requirePermission('admin.roles.edit');

  app.get('/', { onRequest: view, schema: { tags: ['admin'], response: { 200: RolesResponse } } }, async () => {
    return {
      roles: (await listRoles(app.pg)).map((r) => ({ id: r.id, name: r.name, permissions: (r.permissions as string[]).map(describePermission) })),
      allPossiblePermissions: [...PERMISSIONS],
    };
  });

  app.post('/', { onRequest: edit, schema: { tags: ['admin'], body: CreateRoleBody, response: { 200: CreateRoleResponse } } }, async (request) => {
    const name = request.body.name.trim();
    if (!name) throw new ValidationError('Role name required', 'name');
    const roleId = randomUUID();
    await app.commands.transaction(async (tx) => {
      await reserve(tx.client, 'role_name', name, roleId, 'name');
      await tx.run(roleDecider, roleStreamId(roleId), { type: 'CreateRole', data: { roleId, name, permissions: [], at: new Date().toISOString() } }, {
        metadata: app.commands.metadata(request),
        expected: 'no_stream',
      });
    });
    return { success: true as const, role: { id: roleId, name, permissions: [] } };
  });

  const changePermission = async (request: FastifyRequest, type: 'AddPermission' | 'RemovePermission') => {
    const { roleId, permissionId } = request.params as { roleId: string; permissionId: string };
    if (!isKnownPermission(permissionId)) throw new NotFoundError('Permission');
    if (type === 'RemovePermission' && permissionId === 'admin' && (await reservationOwner(app.pg, 'role_name', 'admin')) === roleId) {
      throw new ConflictError('The admin role keeps the admin permission', { error: 'locked' });
    }
    await app.commands.run(
      roleDecider,
      roleStreamId(roleId),
      { type, data: { roleId, permission: permissionId, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return { success: true as const };
  };

  const schema = { tags: ['admin'], params: RolePermissionParams, response: { 200: Success } };
  app.post('/:roleId/permissions/:permissionId', { onRequest: edit, schema }, (request) => changePermission(request, 'AddPermission'));
  app.delete('/:roleId/permissions/:permissionId', { onRequest: edit, schema }, (request) => changePermission(request, 'RemovePermission'));
};

/** /api/admin/permissions: the server-defined catalogue. */
export const adminPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requirePermission('admin.permissions.view'), schema: { tags: ['admin'], response: { 200: PermissionList } } },
    async () => [...PERMISSIONS],
  );
};
