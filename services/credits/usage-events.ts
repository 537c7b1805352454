import type { DomainEvent } from '../eventstore/types.ts';
import { formatPico, parsePico, picoToNumber } from '../platform/decimal.ts';

/** One usage event as priced by the rate card: `credits` is its exact cost (a decimal string, 12 decimals at most). */
export interface PricedUsage {
  id: string;
  meter: string;
  quantity: number;
  credits: string;
  /** The rate-card version that priced it (the one in force at its timestamp). */
  version: number;
  timestamp: string;
  projectId: string | null;
}

/**
 * What a hold's capture consumed, per rate-card meter (a board call's model tokens), so that it counts
 * on /usage beside the usage events: `credits` is the meter's exact price by the rate card (a decimal
 * string). A capture priced by its parts carries each meter's fraction as usage events do (see
 * decisions.ts `capture`).
 */
export interface MeteredPart {
  meter: string;
  quantity: number;
  credits: string;
  projectId: string | null;
}

export type UsageRefusal = 'insufficient_credits' | 'budget_exceeded';

/**
 * One batch of usage: the events accepted (all of them priced; possibly none), what they debited
 * (the CreditsDebited beside it, one per project), each meter's remainder after them, and why the
 * rest of the batch was refused.
 */
export type UsageRecorded = DomainEvent<
  'UsageRecorded',
  {
    orgId: string;
    usageId: string;
    items: PricedUsage[];
    debited: number;
    remainders: Record<string, string>;
    refused: { count: number; reason: UsageRefusal } | null;
    userId: string | null;
    at: string;
  }
>;

/** Each meter's carried fraction of a credit, in picocredits (a meter at 0 is left out). */
export type Remainders = Record<string, string>;

/** The remainders with the meters a decision moved (`after`, as its event records them) replaced. */
export function evolveRemainders(remainders: Remainders | undefined, after: Remainders): Remainders {
  const next = { ...remainders };
  for (const [meter, value] of Object.entries(after)) {
    if (value === '0') delete next[meter];
    else next[meter] = value;
  }
  return next;
}

/**
 * Each meter's carried amount as one decision moves it, from the state's remainders: what a decision
 * adds to a meter and takes from it as whole credits, and, at the end, the meters it moved.
 */
export class Carry {
  private readonly moved = new Map<string, bigint>();
  constructor(private readonly carried: Remainders = {}) {}

  /** The meter's carried amount now, in picocredits. */
  of(meter: string): bigint {
    return this.moved.get(meter) ?? (this.carried[meter] ? parsePico(this.carried[meter]) : 0n);
  }

  set(meter: string, picocredits: bigint): void {
    this.moved.set(meter, picocredits);
  }

  /** The meters moved, as the decision's event records them. */
  after(): Remainders {
    return Object.fromEntries([...this.moved].map(([meter, value]) => [meter, formatPico(value)]));
  }
}

/** What `GET /api/balance` shows as `pending`: each meter's carried fraction, in credits. */
export const pendingOf = (state: { usageRemainders?: Remainders }): Record<string, number> =>
  Object.fromEntries(Object.entries(state.usageRemainders ?? {}).map(([meter, value]) => [meter, picoToNumber(parsePico(value))]));
