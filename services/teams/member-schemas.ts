import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { BUDGET_PERIODS, BUDGET_SCOPES, MAX_BUDGET_CREDITS } from '../credits/budgets.ts';
import { ORG_ROLES } from '../orgs/members.ts';

const role = z.enum(ORG_ROLES, { message: `role must be one of ${ORG_ROLES.join(', ')}` });

export const MemberView = z.object({ userId: z.string(), name: z.string(), email: z.string(), role, joinedAt: z.string() });
export const MemberList = z.object({ data: z.array(MemberView) });
export const MemberParams = z.object({ userId: idParam('Member') });
export const RoleBody = z.object({ role });
export const LeftAnswer = z.object({ left: z.literal(true) });
export const RemovedAnswer = z.object({ userId: z.string(), removed: z.literal(true) });

export const InviteBody = z.object({ email: z.email({ message: 'email must be an email address' }).max(254), role });
export const CreatedInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role,
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** Sent by email (SMTP configured), or not (then the link is the only way: copy it). */
  emailed: z.boolean(),
});
export const InvitationView = z.object({ id: z.string(), email: z.string(), role, status: z.enum(['pending', 'accepted', 'revoked', 'expired']), expiresAt: z.string() });
export const InvitationList = z.object({ data: z.array(InvitationView) });
export const InvitationParams = z.object({ id: idParam('Invitation') });
export const TokenParams = z.object({ token: z.string().max(200) });
/** What the /join page shows before accepting. */
export const InvitationPreview = z.object({
  orgName: z.string(),
  email: z.string(),
  role,
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expiresAt: z.string(),
});
export const AcceptedAnswer = z.object({ orgId: z.string() });

export const BudgetBody = z.object({
  scope: z.enum(BUDGET_SCOPES, { message: 'scope must be member or project' }),
  id: z.string().max(100),
  credits: z.number().int('credits must be a whole number').min(0, 'credits must be 0 or more').max(MAX_BUDGET_CREDITS, `credits must be at most ${MAX_BUDGET_CREDITS}`),
  period: z.enum(BUDGET_PERIODS, { message: 'period must be month or total' }),
  thresholds: z.array(z.number().int().min(1).max(100)).min(1).max(5).optional(),
});
export const BudgetView = z.object({
  scope: z.enum(BUDGET_SCOPES),
  id: z.string(),
  credits: z.number(),
  period: z.enum(BUDGET_PERIODS),
  thresholds: z.array(z.number()),
  spent: z.number(),
  held: z.number(),
  periodStart: z.string(),
});
export const BudgetList = z.object({ data: z.array(BudgetView) });
export const BudgetParams = z.object({ scope: z.string().max(20), id: idParam('Budget') });

export const TeamUsageQuery = z.object({ period: z.enum(BUDGET_PERIODS, { message: 'period must be month or total' }).default('month') });
/** Credits spent per member and per project in the period; a null id is spending without one (an API key, or no project). */
export const TeamUsage = z.object({
  period: z.enum(BUDGET_PERIODS),
  periodStart: z.string(),
  total: z.number(),
  members: z.array(z.object({ userId: z.string().nullable(), name: z.string(), email: z.string(), credits: z.number() })),
  projects: z.array(z.object({ projectId: z.string().nullable(), name: z.string(), credits: z.number() })),
});

export const AdminOrgParams = z.object({ id: idParam('Organization') });
export const AdminMemberParams = AdminOrgParams.extend({ userId: idParam('Member') });
/** An existing account, by email or by id (exactly one), and its role. */
export const AdminAddMemberBody = z.object({
  email: z.email({ message: 'email must be an email address' }).max(254).optional(),
  userId: z.string().max(100).optional(),
  role,
});
