import type { Folded } from '../eventstore/decider.ts';
import { sayAlerts, setAlerts, type SetAlerts } from './alerts.ts';
import { crossedThresholds, decideBudget, type BudgetCommand } from './budgets.ts';
import { crossingToRecord, decideConfigure, decideRecord, decideStart, type AutoTopUpCommand } from './auto-top-up.ts';
import { decideLedger, Draft, mustExist, type LedgerCommand } from './decisions.ts';
import type { CreditEvent, CreditStreamState } from './events.ts';
import { decideUsage, type RecordUsage } from './usage.ts';

export type { AdjustCredits, CaptureHold, DebitCredits, ExpireCredits, ExpireHold, GrantCredits, LedgerCommand, PlaceHold, ReleaseHold, RevokeCredits } from './decisions.ts';
export type { SetAlerts } from './alerts.ts';
export type { BudgetCommand, RemoveBudget, SetBudget } from './budgets.ts';
export type { AutoTopUpCommand, ConfigureAutoTopUp, RecordAutoTopUp, StartAutoTopUp } from './auto-top-up.ts';

/** Every command the credits decide, on the organization's stream. Only services/credits builds them (commands.ts runs them). */
export type CreditCommand = LedgerCommand | SetAlerts | AutoTopUpCommand | BudgetCommand | RecordUsage;

/**
 * The credits' decide, composed into the organization's decider by services/orgs: a credit command's
 * events with the state after them (each folded once, as it was decided), and after a ledger
 * command the alerts its events crossed.
 */
export function decideCredits<S extends CreditStreamState>(command: CreditCommand, state: S): Folded<CreditEvent, S> {
  const draft = new Draft(state);
  const push = (events: CreditEvent[]) => events.forEach((e) => draft.push(e));
  switch (command.type) {
    case 'SetAlerts':
      mustExist(state);
      setAlerts(command, draft);
      break;
    case 'SetBudget':
    case 'RemoveBudget':
      mustExist(state);
      push(decideBudget(command, state));
      sayBudgetThresholds(draft, command.data.orgId, command.data.at);
      break;
    case 'ConfigureAutoTopUp':
      mustExist(state);
      push(decideConfigure(command, state.autoTopUp));
      break;
    case 'StartAutoTopUp':
      mustExist(state);
      push(decideStart(command, state.autoTopUp, state.topUps));
      break;
    case 'RecordAutoTopUp':
      push(decideRecord(command, state.topUps));
      break;
    case 'RecordUsage': {
      mustExist(state);
      const { orgId, at } = command.data;
      draft.settle(orgId, at);
      decideUsage(command, draft);
      draft.settle(orgId, at);
      sayAlerts(draft, orgId, at);
      recordCrossing(draft, orgId, at);
      sayBudgetThresholds(draft, orgId, at);
      break;
    }
    case 'GrantCredits':
    case 'DebitCredits':
    case 'RevokeCredits':
    case 'AdjustCredits':
    case 'PlaceHold':
    case 'CaptureHold':
    case 'ReleaseHold':
    case 'ExpireHold':
    case 'ExpireCredits':
      decideLedger(command, draft);
      sayAlerts(draft, command.data.orgId, command.data.at);
      recordCrossing(draft, command.data.orgId, command.data.at);
      sayBudgetThresholds(draft, command.data.orgId, command.data.at);
      break;
    default: {
      const unknown: never = command;
      throw new Error(`unknown credit command ${JSON.stringify(unknown)}`);
    }
  }
  return { events: draft.events, state: draft.state };
}

/** After a decision that changed something: the budget thresholds its spending crossed. */
function sayBudgetThresholds<S extends CreditStreamState>(draft: Draft<S>, orgId: string, at: string): void {
  if (draft.events.length === 0) return;
  for (const event of crossedThresholds(draft.state, orgId, at)) draft.push(event);
}

/** A debit that crossed the auto top-up threshold records the crossing in its own append: the charge is found even if queueing it fails. */
function recordCrossing<S extends CreditStreamState>(draft: Draft<S>, orgId: string, at: string): void {
  const crossing = crossingToRecord(draft.events, draft.state.autoTopUp, draft.state.topUps);
  if (crossing) draft.push({ type: 'AutoTopUpCrossed', data: { orgId, crossing, at } });
}

/** Every credit command's type (the architecture test looks for these names outside services/credits). */
export const CREDIT_COMMAND_TYPES = [
  'GrantCredits',
  'DebitCredits',
  'RevokeCredits',
  'AdjustCredits',
  'PlaceHold',
  'CaptureHold',
  'ReleaseHold',
  'ExpireHold',
  'ExpireCredits',
  'SetAlerts',
  'ConfigureAutoTopUp',
  'StartAutoTopUp',
  'RecordAutoTopUp',
  'SetBudget',
  'RemoveBudget',
  'RecordUsage',
] as const satisfies readonly CreditCommand['type'][];
// A credit command missing from the list above fails to compile here.
const listed: [Exclude<CreditCommand['type'], (typeof CREDIT_COMMAND_TYPES)[number]>] extends [never] ? true : false = true;
void listed;
