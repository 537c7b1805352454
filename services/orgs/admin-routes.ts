import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminOrg, AdminOrgList, OrgParams, ToggleActiveResponse } from './schemas.ts';
import { PageQuery, paged } from '../platform/paging.ts';
import { sendJsonText } from '../platform/json-text.ts';
import { listAdminOrgs, pageAdminOrgsJson } from '../../projections/orgs/queries.ts';
import { orgStreamId } from './events.ts';
import { orgDecider } from './decider.ts';

/** /api/admin/orgs: the organizations table and its Enable/Disable button. */
const adminOrgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requirePermission('admin.orgs.view'),
      schema: { tags: ['admin'], querystring: PageQuery, response: { 200: z.union([AdminOrgList, paged(AdminOrg)]) } },
    },
    async (request, reply) => {
      if (!request.query.page) return listAdminOrgs<z.infer<typeof AdminOrg>>(app.readPg);
      return sendJsonText(reply, await pageAdminOrgsJson(app.readPg, request.query));
    },
  );

  app.post(
    '/:id/toggle-active',
    {
      onRequest: app.requirePermission('admin.orgs.edit'),
      schema: { tags: ['admin'], params: OrgParams, response: { 200: ToggleActiveResponse } },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await app.commands.run(
        orgDecider,
        orgStreamId(id),
        { type: 'ToggleOrganizationActive', data: { orgId: id, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const, is_active: outcome.state.active };
    },
  );
};

export default adminOrgRoutes;
