import type { Queryable } from '../../services/eventstore/store.ts';
import { iso, pageSql, totalPages, type PageQuery } from '../../services/platform/paging.ts';
import { statementName } from '../../services/platform/pool.ts';
import { jsonArrayText } from '../../services/platform/json-text.ts';

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

/** The admin organizations table's rows, in `order`, of one page (`limit`) or all. */
const adminOrgRows = (where: string, order: string, limit: string) => {
  const sub = subscriptionSql('o');
  return `SELECT o.id::text AS id, o.name, o.is_active, o.credit_balance::float8 AS credit_balance, ${iso('o.last_billing', 'last_billing')},
            ${sub.select} AS subscription, coalesce(l.members, '[]') AS members
       FROM orgs o ${sub.join} LEFT JOIN org_member_lists l ON l.org_id = o.id ${where} ${order} ${limit}`;
};

/**
 * The admin organizations table, every row (each organization's members are one row of the
 * org-members read model).
 */
export async function listAdminOrgs<R>(db: Queryable): Promise<R[]> {
  const text = adminOrgRows('', 'ORDER BY o.created_at, o.id', '');
  return (await db.query({ name: statementName(text), text })).rows as R[];
}

/**
 * One page of the admin organizations table as the answer's JSON text, `{"data":[…],"totalPages":n}`,
 * written by Postgres (`json_agg` over the page's rows, in the order the sorted subquery gives them)
 * and sent on as it is: parsing the rows' JSON (members, plan) and writing it again had been a third
 * of the API's CPU for this page. The page's statement is prepared once per shape (sort, order,
 * search or not); the total is the read model's (kept with each creation) unless a search narrows it.
 * The fields are those of the route's schema (AdminOrg), which a test checks the text against.
 */
export async function pageAdminOrgsJson(db: Queryable, query: PageQuery): Promise<string> {
  const page = pageSql(query, adminOrgs);
  const text = `SELECT ${jsonArrayText('r')} AS rows, ${orgsCount(page.where)} AS total
       FROM (${adminOrgRows(page.where, page.order, page.limit)}) r`;
  const { rows } = await db.query({ name: statementName(text), text, values: page.params });
  return `{"data":${rows[0].rows},"totalPages":${totalPages(Number(rows[0].total), query.limit)}}`;
}

/** Whether an organization is active (null when the read model does not know it yet). */
export async function orgIsActive(db: Queryable, orgId: string): Promise<boolean | null> {
  const res = await db.query({ name: 'org-is-active', text: 'SELECT is_active FROM orgs WHERE id = $1', values: [orgId] });
  return (res.rows[0]?.is_active as boolean | undefined) ?? null;
}
