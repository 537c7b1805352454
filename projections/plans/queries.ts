import type { Queryable } from '../../services/eventstore/store.ts';
import type { PlanFields, PlanState } from '../../services/plans/events.ts';

export interface PlanView extends PlanFields {
  id: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, name, description, price_usd::float8 AS price_usd, monthly_credits, one_time_credits, is_one_time,
  system_only, is_active, example_usages, rollover, one_time_expiry_days, created_at, updated_at`;

const toView = (row: Record<string, unknown>): PlanView =>
  ({
    ...row,
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
  }) as PlanView;

export function planView(state: PlanState & { exists: true }): PlanView {
  const { exists: _e, planId, createdAt, updatedAt, ...fields } = state;
  return { id: planId, ...fields, created_at: createdAt, updated_at: updatedAt };
}

export async function listPlans(db: Queryable, only: 'all' | 'public'): Promise<PlanView[]> {
  const where = only === 'public' ? 'WHERE is_active AND NOT system_only' : '';
  const order = only === 'public' ? 'price_usd, name, id' : 'created_at, id';
  const res = await db.query(`SELECT ${COLUMNS} FROM plans ${where} ORDER BY ${order}`);
  return res.rows.map(toView);
}

export async function findPlan(db: Queryable, id: string): Promise<PlanView | null> {
  const res = await db.query(`SELECT ${COLUMNS} FROM plans WHERE id = $1`, [id]);
  return res.rows[0] ? toView(res.rows[0]) : null;
}
