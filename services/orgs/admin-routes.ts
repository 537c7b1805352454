import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../eventstore/errors.ts';
import { isUuid } from '../auth/ids.ts';
import { AdminOrgList, OrgParams, ToggleActiveResponse } from './admin-schemas.ts';
import { orgStreamId } from './events.ts';
import { subscriptionSql } from './subscription.ts';
import { toggleOrgDecider } from './toggle.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** /api/admin/orgs: the organizations table and its Enable/Disable button. */
const adminOrgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requirePermission('admin.orgs.view'), schema: { tags: ['admin'], response: { 200: AdminOrgList } } },
    async () => {
      const sub = await subscriptionSql(app.pg, 'o');
      const res = await app.pg.query(
        `SELECT o.id::text, o.name, o.is_active, o.credit_balance::float8 AS credit_balance, o.last_billing,
                ${sub.select} AS subscription
           FROM orgs o ${sub.join}
          ORDER BY o.created_at, o.id`,
      );
      return res.rows.map((row) => ({ ...row, last_billing: iso(row.last_billing) }));
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
      if (!isUuid(id)) throw new NotFoundError('Organization');
      const outcome = await app.commands.run(
        toggleOrgDecider,
        orgStreamId(id),
        { type: 'ToggleOrganizationActive', data: { orgId: id, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const, is_active: outcome.state.active };
    },
  );
};

export default adminOrgRoutes;
