import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { Subscription } from '../orgs/schemas.ts';
import { ORG_ROLES } from '../orgs/members.ts';

export const RoleRef = z.object({ id: z.string(), name: z.string() });

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  organization_id: z.string().nullable(),
  organization: z.object({ name: z.string(), credits: z.number(), subscription: Subscription, role: z.enum(ORG_ROLES).nullable() }).nullable(),
  roles: z.array(RoleRef),
  permissions: z.array(z.string()),
});

export const AdminUserList = z.array(AdminUser);
export const UserParams = z.object({ id: idParam('User') });
export const UserRoleParams = z.object({ id: idParam('User'), roleId: idParam('Role') });
export const ActivateBody = z.object({ is_active: z.boolean() });
export const ActivateResponse = z.object({ success: z.literal(true), is_active: z.boolean() });
export const Success = z.object({ success: z.literal(true) });
