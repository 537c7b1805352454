import type { Queryable } from '../../services/eventstore/store.ts';
import { iso, pageAnswer, pageSql, type PageQuery } from '../../services/platform/paging.ts';
import { statementName } from '../../services/platform/pool.ts';

/**
 * SQL pieces that turn `<alias>.plan` (jsonb) into the spec's subscription object: `select` is a
 * json expression, `join` a LEFT JOIN on the plans read model for the plan's description.
 */
export const subscriptionSql = (alias: string) => ({
  select: `CASE WHEN ${alias}.plan IS NULL THEN NULL ELSE json_build_object(
      'id', ${alias}.plan->>'planId',
      'name', ${alias}.plan->>'name',
      'description', coalesce(sub_plan.description, ''),
      'monthly_credits', coalesce((${alias}.plan->>'monthlyCredits')::float8, 0),
      'is_one_time', coalesce((${alias}.plan->>'isOneTime')::boolean, false)) END`,
  join: `LEFT JOIN plans sub_plan ON sub_plan.id::text = ${alias}.plan->>'planId'`,
});

const adminOrgs = {
  sortable: { id: 'o.id', name: 'lower(o.name)', is_active: 'o.is_active', credit_balance: 'o.credit_balance', last_billing: 'o.last_billing' },
  searchable: ['o.name', 'o.id::text'],
  tieBreak: 'o.id',
};

/** How many organizations match: the read model's total (kept with each creation) unless a search narrows them. */
const orgsCount = (where: string) => (where ? `(SELECT count(*) FROM orgs o ${where})` : '(SELECT n FROM orgs_total)');

/**
 * The admin organizations table: every row, or one page of it (the plan built for the page's rows
 * only; each organization's members are one row of the org-members read model). Each shape of the
 * statement (sort, order, search or not) is prepared once per connection.
 */
export async function listAdminOrgs<R>(db: Queryable, query: PageQuery) {
  const sub = subscriptionSql('o');
  const page = pageSql(query, adminOrgs);
  const text = `SELECT o.id::text, o.name, o.is_active, o.credit_balance::float8 AS credit_balance, ${iso('o.last_billing', 'last_billing')},
            ${sub.select} AS subscription, coalesce(l.members, '[]') AS members${query.page ? `, ${orgsCount(page.where)} AS total_rows` : ''}
       FROM orgs o ${sub.join} LEFT JOIN org_member_lists l ON l.org_id = o.id ${page.where} ${query.page ? page.order : 'ORDER BY o.created_at, o.id'} ${page.limit}`;
  const res = await db.query({ name: statementName(text), text, values: page.params });
  return pageAnswer<R>(query, res.rows, async () =>
    Number((await db.query(`SELECT ${orgsCount(page.where)} AS n`, page.whereParams)).rows[0].n),
  );
}

/** Whether an organization is active (null when the read model does not know it yet). */
export async function orgIsActive(db: Queryable, orgId: string): Promise<boolean | null> {
  const res = await db.query({ name: 'org-is-active', text: 'SELECT is_active FROM orgs WHERE id = $1', values: [orgId] });
  return (res.rows[0]?.is_active as boolean | undefined) ?? null;
}
