import { DomainError } from '../platform/errors.ts';
import { formatCount } from '../platform/text.ts';

/** Spending more than is available (balance − held). */
export class InsufficientCredits extends DomainError {
  constructor(
    readonly balance: number,
    readonly available: number = balance,
  ) {
    super(402, 'insufficient_credits', 'Insufficient credits', { error: 'insufficient_credits', balance, available });
  }
}

/** An admin's negative adjustment larger than what is available: a client mistake, nothing is taken. */
export class AdjustmentExceedsAvailable extends DomainError {
  constructor(readonly available: number) {
    super(400, 'insufficient_credits', `Only ${formatCount(available)} credits are available to take away`, { error: 'insufficient_credits', available });
  }
}

export class OrganizationInactive extends DomainError {
  constructor() {
    super(403, 'org_inactive', 'Your organization is not active', { error: 'org_inactive' });
  }
}

export class HoldClosed extends DomainError {
  constructor() {
    super(409, 'hold_closed', 'This hold was already captured or released', { error: 'hold_closed' });
  }
}

export class HoldPastExpiry extends DomainError {
  constructor() {
    super(409, 'hold_expired', 'This hold has expired: its credits were released', { error: 'hold_expired' });
  }
}

export class CaptureExceedsHold extends DomainError {
  constructor(readonly held: number) {
    super(409, 'capture_exceeds_hold', `A capture may take at most the ${formatCount(held)} credits held`, { error: 'capture_exceeds_hold', held });
  }
}
