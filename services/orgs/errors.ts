import { DomainError } from '../eventstore/errors.ts';

export class InsufficientCredits extends DomainError {
  constructor(readonly balance: number) {
    super(402, 'insufficient_credits', 'Insufficient credits', { error: 'insufficient_credits', balance });
  }
}

export class OrganizationInactive extends DomainError {
  constructor() {
    super(403, 'org_inactive', 'Your organization is not active', { error: 'org_inactive' });
  }
}
