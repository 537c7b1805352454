import type { PageState } from '../../../lib/paging';

export const billingAdminKeys = {
  all: ['admin-billing'] as const,
  plans: () => [...billingAdminKeys.all, 'plans'] as const,
  transactions: (state?: PageState) => [...billingAdminKeys.all, 'transactions', ...(state ? [state] : [])] as const,
  webhookLog: (state?: PageState) => [...billingAdminKeys.all, 'webhook-log', ...(state ? [state] : [])] as const,
  webhookEvent: (id: number) => [...billingAdminKeys.all, 'webhook-event', id] as const,
  simulator: () => [...billingAdminKeys.all, 'simulator'] as const,
  orgOptions: () => [...billingAdminKeys.all, 'org-options'] as const,
};
