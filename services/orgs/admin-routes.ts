import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../auth/ids.ts';
import { NotFoundError } from '../eventstore/errors.ts';
import { AdminOrg, AdminOrgList, OrgParams, ToggleActiveResponse } from './admin-schemas.ts';
import { PageQuery, paged, pageAnswer, pageSql } from './admin-paging.ts';
import { orgStreamId } from './events.ts';
import { subscriptionSql } from './subscription.ts';
import { toggleOrgDecider } from './toggle.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** /api/admin/orgs: the organizations table and its Enable/Disable button. */
const adminOrgRoutes: FastifyPluginAsyncZod = async (app) => {
  const pageable = {
    sortable: { id: 'o.id', name: 'lower(o.name)', is_active: 'o.is_active', credit_balance: 'o.credit_balance', last_billing: 'o.last_billing' },
    searchable: ['o.name', 'o.id::text'],
    tieBreak: 'o.id',
  };

  app.get(
    '/',
    {
      onRequest: app.requirePermission('admin.orgs.view'),
      schema: { tags: ['admin'], querystring: PageQuery, response: { 200: z.union([AdminOrgList, paged(AdminOrg)]) } },
    },
    async (request) => {
      const query = request.query;
      const sub = await subscriptionSql(app.pg, 'o');
      const page = pageSql(query, pageable);
      const res = await app.pg.query(
        `SELECT o.id::text, o.name, o.is_active, o.credit_balance::float8 AS credit_balance, o.last_billing,
                ${sub.select} AS subscription${query.page ? ', count(*) OVER () AS total_rows' : ''}
           FROM orgs o ${sub.join} ${page.where} ${query.page ? page.order : 'ORDER BY o.created_at, o.id'} ${page.limit}`,
        page.params,
      );
      const rows = res.rows.map((row) => ({ ...row, last_billing: iso(row.last_billing) }));
      return pageAnswer<z.infer<typeof AdminOrg>>(query, rows, async () => (await app.pg.query(`SELECT count(*)::int AS n FROM orgs o ${page.where}`, page.whereParams)).rows[0].n);
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
