import { z } from 'zod';

export const DevLoginBody = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(200),
});

export const RoleRef = z.object({ id: z.string(), name: z.string() });

export const MeUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  given_name: z.string(),
  avatar_url: z.string(),
  is_active: z.boolean(),
  organization_id: z.string().nullable(),
  roles: z.array(RoleRef),
  permissions: z.array(z.string()),
});

export const MeResponse = z.union([
  z.object({ success: z.literal(true), user: MeUser }),
  z.object({ success: z.literal(false), reason: z.literal('unauthenticated') }),
  /** Signed in, but the account is not active: `pending` (new, not enabled yet) or `disabled` (by an admin). */
  z.object({ success: z.literal(false), reason: z.literal('inactive'), account_status: z.enum(['pending', 'disabled']) }),
]);

export const DevLoginResponse = z.object({
  success: z.literal(true),
  active: z.boolean(),
  account_status: z.enum(['active', 'pending', 'disabled']),
});

export const ProvidersResponse = z.object({ google: z.boolean(), dev: z.boolean() });
