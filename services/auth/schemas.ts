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
  z.object({ success: z.literal(false), reason: z.enum(['unauthenticated', 'inactive']) }),
]);

export const ProvidersResponse = z.object({ google: z.boolean(), dev: z.boolean() });
