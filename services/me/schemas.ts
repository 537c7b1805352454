import { z } from 'zod';
import { ORG_ROLES } from '../orgs/members.ts';
import { Subscription } from '../orgs/schemas.ts';

export const CreditTransaction = z.object({
  id: z.string(),
  created_at: z.string(),
  type: z.string(),
  amount: z.number(),
  description: z.string(),
});

export const UsageRecord = z.object({
  id: z.string(),
  created_at: z.string(),
  credits_used: z.number(),
  description: z.string(),
});

export const ProfileOrganization = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number(),
  is_active: z.boolean(),
  subscription: Subscription,
  /** The plan whose cancellation was the organization's last plan event (its credits remain until they expire), else null. */
  cancelled_plan: z.object({ name: z.string(), cancelled_at: z.string() }).nullable(),
  /** The user's role in it: which of the profile's controls they may use (the server checks every call). */
  role: z.enum(ORG_ROLES),
});

export const Profile = z.object({
  id: z.string(),
  name: z.string(),
  given_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  organization_id: z.string().nullable(),
  organization: ProfileOrganization.nullable(),
  credits: z.number(),
  transactions: z.array(CreditTransaction),
  usage: z.array(UsageRecord),
});

export const UpdateProfileBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  orgName: z.string().trim().max(200).nullish(),
});

export const UpdateProfileResponse = z.object({ success: z.literal(true), user: Profile });
