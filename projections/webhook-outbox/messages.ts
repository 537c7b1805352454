import type { OrgEvent } from '../../services/orgs/events.ts';
import type { SynthesisWritten } from '../../services/board/events.ts';
import type { WebhookEventType } from '../../services/outbox/events.ts';
import type { LoggedEvent } from '../../services/eventstore/types.ts';

/** A webhook message as the receiver gets it; `id` is stable across retries (one per event of the log). */
export interface WebhookMessage {
  orgId: string;
  id: string;
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The org events that become webhook messages. */
export const MESSAGE_SOURCES = ['CreditsGranted', 'CreditsExpired', 'HoldExpired', 'PlanSubscribed', 'PlanCancelled', 'CreditsLow', 'CreditsDepleted', 'AutoTopUpFailed', 'SynthesisWritten', 'BudgetThresholdCrossed'] as const;

const message = (event: LoggedEvent, orgId: string, type: WebhookEventType, data: Record<string, unknown>): WebhookMessage => ({
  orgId,
  id: `msg_${event.eventId}`,
  type,
  timestamp: event.createdAt instanceof Date ? event.createdAt.toISOString() : String(event.createdAt),
  data: { organizationId: orgId, ...data },
});

/** What the receiver is told of an event (null: nothing). */
export function messageOf(event: LoggedEvent<OrgEvent | SynthesisWritten>): WebhookMessage | null {
  switch (event.type) {
    case 'CreditsGranted': {
      const d = event.data;
      return message(event, d.orgId, 'credits.granted', { lotId: d.lotId, amount: d.amount, source: d.source, expiresAt: d.expiresAt, description: d.description, balance: d.balanceAfter });
    }
    case 'CreditsExpired':
      return message(event, event.data.orgId, 'credits.expired', { lotId: event.data.lotId, amount: event.data.amount, balance: event.data.balanceAfter });
    case 'HoldExpired':
      return message(event, event.data.orgId, 'hold.expired', { holdId: event.data.holdId, credits: event.data.credits });
    case 'PlanSubscribed':
      return message(event, event.data.orgId, 'plan.changed', { plan: { id: event.data.plan.planId, name: event.data.plan.name, monthlyCredits: event.data.plan.monthlyCredits } });
    case 'PlanCancelled':
      return message(event, event.data.orgId, 'plan.changed', { plan: null, cancelledPlanId: event.data.planId });
    case 'CreditsLow':
      return message(event, event.data.orgId, 'credits.low', { available: event.data.available, threshold: event.data.threshold });
    case 'CreditsDepleted':
      return message(event, event.data.orgId, 'credits.depleted', { available: event.data.available });
    case 'AutoTopUpFailed':
      return message(event, event.data.orgId, 'auto_top_up.failed', { crossing: event.data.crossing, reason: event.data.reason });
    case 'BudgetThresholdCrossed': {
      const { scope, id, threshold, credits, spent, held, period, periodStart } = event.data;
      return message(event, event.data.orgId, 'budget.threshold', { scope, id, threshold, credits, spent, held, period, periodStart });
    }
    case 'SynthesisWritten': {
      // A board meeting's action items, for a team's chat or task tool (none: nothing is sent).
      const d = event.data;
      if (d.synthesis.actionItems.length === 0) return null;
      return message(event, d.orgId, 'board.action_items', {
        sessionId: d.sessionId,
        projectId: d.projectId,
        turn: d.turn,
        question: d.question ?? null,
        summary: d.synthesis.summary,
        actionItems: d.synthesis.actionItems.map((a) => ({ title: a.title, owner: a.owner ?? null, due: a.due ?? null })),
      });
    }
    default:
      return null;
  }
}
