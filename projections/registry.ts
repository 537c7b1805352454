import { apiKeysProjection } from './api-keys/index.ts';
import { webhookOutboxProjection } from './webhook-outbox/index.ts';
import { usageDailyProjection } from './usage-daily/index.ts';
import { meteredUsageProjection } from './metered-usage/index.ts';
import { orgMembersProjection } from './org-members/index.ts';
import { teamSpendingProjection } from './team-spending/index.ts';
import { ledgerProjection } from './ledger/index.ts';
import { lotsProjection } from './lots/index.ts';
import { autoTopUpCrossingsProjection } from './auto-top-up/index.ts';
import { orgsProjection } from './orgs/index.ts';
import { paymentsProjection } from './payments/index.ts';
import { plansProjection } from './plans/index.ts';
import { webhooksProjection } from './webhooks/index.ts';
import { projectsProjection } from './projects/index.ts';
import { assistantsProjection } from './assistants/index.ts';
import { componentsProjection } from './components/index.ts';
import { contactMessagesProjection } from './contact/index.ts';
import { sessionsProjection } from './sessions/index.ts';
import { projectFilesProjection } from './project-files/index.ts';
import { rolesProjection } from './roles/index.ts';
import { tagsProjection } from './tags/index.ts';
import type { Projection } from './types.ts';
import { usersProjection } from './users/index.ts';

/** Every read model the projector keeps. A new projection is added here and nowhere else. */
export const projections: readonly Projection[] = [
  usersProjection,
  rolesProjection,
  orgsProjection,
  ledgerProjection,
  lotsProjection,
  autoTopUpCrossingsProjection,
  projectsProjection,
  plansProjection,
  paymentsProjection,
  webhooksProjection,
  componentsProjection,
  tagsProjection,
  assistantsProjection,
  contactMessagesProjection,
  sessionsProjection,
  projectFilesProjection,
  apiKeysProjection,
  webhookOutboxProjection,
  usageDailyProjection,
  meteredUsageProjection,
  orgMembersProjection,
  teamSpendingProjection,
];

export function projectionByName(name: string): Projection | undefined {
  return projections.find((p) => p.name === name);
}

/** The projections that read at least one of these event types. */
export function projectionsFor(types: Iterable<string>): Projection[] {
  const wanted = new Set(types);
  return projections.filter((p) => p.handles.some((t) => wanted.has(t)));
}
