import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { ORG_ROLES } from './members.ts';

/** An organization's plan as the spec shows it (null without one). */
export const Subscription = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    monthly_credits: z.number(),
    is_one_time: z.boolean(),
  })
  .nullable();

export const AdminOrg = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  credit_balance: z.number(),
  last_billing: z.string().nullable(),
  subscription: Subscription,
  /** Its members and their roles in it. */
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.enum(ORG_ROLES) })),
});

export const AdminOrgList = z.array(AdminOrg);
export const OrgParams = z.object({ id: idParam('Organization') });
export const ToggleActiveResponse = z.object({ success: z.literal(true), is_active: z.boolean() });
