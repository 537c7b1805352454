import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loadState } from '../../eventstore/command-handler.ts';
import type { AutoTopUpSettings, CreditState } from '../../credits/events.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { planDecider } from '../../plans/decider.ts';
import { planStreamId } from '../../plans/events.ts';
import type { AutoTopUp } from '../schemas.ts';
import { loadOrg } from '../../orgs/stream.ts';

export const AUTO_TOP_UP_OFF: AutoTopUpSettings = { enabled: false, thresholdCredits: 0, planId: null, maxPerMonth: 0 };

/** The settings and what became of the last charges, as GET /api/me/auto-top-up and GET /api/me/billing answer them. */
export function autoTopUpView(org: Pick<CreditState, 'autoTopUp' | 'topUps'>): z.infer<typeof AutoTopUp> {
  return { ...(org.autoTopUp ?? AUTO_TOP_UP_OFF), lastFailure: org.topUps.lastFailure, disabledReason: org.topUps.disabledReason };
}

/** Only an active one-time pack can be bought off-session. */
async function mustBePack(app: FastifyInstance, planId: string) {
  const plan = await loadState(app.store, planDecider, planStreamId(planId));
  if (!plan.exists || !plan.is_active) throw new ValidationError('Unknown or inactive plan', 'planId');
  if (!plan.is_one_time) throw new ValidationError('Auto top-up buys a one-time pack, not a monthly plan', 'planId');
}

export async function readAutoTopUp(app: FastifyInstance, orgId: string) {
  const org = await loadOrg(app.store, orgId);
  if (!org.exists) throw new NotFoundError('Organization');
  return autoTopUpView(org);
}

/** Checked before anything is appended: a bad setting is a 400 and the stream stays as it was. */
export async function configureAutoTopUp(app: FastifyInstance, request: FastifyRequest, orgId: string, userId: string, settings: AutoTopUpSettings) {
  if (settings.enabled && !settings.planId) throw new ValidationError('Choose the pack to buy', 'planId');
  if (settings.enabled && settings.maxPerMonth < 1) throw new ValidationError('The monthly cap must be at least 1', 'maxPerMonth');
  if (settings.enabled && settings.thresholdCredits < 1) throw new ValidationError('The threshold must be at least 1 credit', 'thresholdCredits');
  if (settings.planId) await mustBePack(app, settings.planId);
  return autoTopUpView(await app.credits.configureAutoTopUp(orgId, settings, userId, app.commands.metadata(request)));
}
