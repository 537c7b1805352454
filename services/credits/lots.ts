/**
 * The credit ledger's arithmetic, pure: lots (what each grant left), holds (credits reserved on
 * specific lots) and the spending order. The credits' state and every read model that follows
 * lots use these same functions, so they cannot disagree.
 */

export const LOT_SOURCES = ['plan_monthly', 'plan_one_time', 'purchase', 'auto_top_up', 'manual', 'promo'] as const;
export type LotSource = (typeof LOT_SOURCES)[number];

/** 0 is spent first. */
export const MAX_PRIORITY = 100;
export const defaultPriority = (source: LotSource) => (source === 'promo' || source === 'manual' ? 5 : 10);

/** How much one movement took from (or gave back to) one lot. */
export interface Take {
  lotId: string;
  amount: number;
}

export interface Lot {
  id: string;
  source: LotSource;
  amount: number;
  /** Credits left in the lot, reserved ones included. */
  remaining: number;
  /** The part of `remaining` that open holds have reserved. */
  reserved: number;
  priority: number;
  expiresAt: string | null;
  grantedAt: string;
  description: string;
  /** The business key of the grant (a Stripe purchase), so a refund finds the lot it bought. */
  key: string | null;
}

export interface Hold {
  holdId: string;
  credits: number;
  expiresAt: string;
  description: string;
  /** Where the credits are reserved. */
  lots: Take[];
}

/** Open lots (in the order they were granted) and open holds. */
export interface Ledger {
  lots: Lot[];
  holds: Hold[];
}

export const emptyLedger = (): Ledger => ({ lots: [], holds: [] });

const time = (iso: string) => Date.parse(iso);

/** True once `at` has reached `expiresAt`. */
export const isDue = (expiresAt: string | null, at: string) => expiresAt !== null && time(expiresAt) <= time(at);

export const unreserved = (lot: Lot) => lot.remaining - lot.reserved;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
export const balanceOf = (ledger: Ledger) => sum(ledger.lots.map((l) => l.remaining));
export const heldOf = (ledger: Ledger) => sum(ledger.holds.map((h) => h.credits));

/** Lowest priority first, then the soonest expiry (never-expiring last), then the oldest. Stable: ties keep grant order. */
export function spendingOrder(a: Lot, b: Lot): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  if (a.expiresAt !== b.expiresAt) {
    if (a.expiresAt === null) return 1;
    if (b.expiresAt === null) return -1;
    const byExpiry = time(a.expiresAt) - time(b.expiresAt);
    if (byExpiry !== 0) return byExpiry;
  }
  return time(a.grantedAt) - time(b.grantedAt);
}

/** Lots that may still be spent at `at` (null: ignore expiry, for events written before lots existed). */
const live = (lots: Lot[], at: string | null) => lots.filter((l) => at === null || !isDue(l.expiresAt, at));

/** What new spending may use at `at`: the unreserved credits of lots not yet due. */
export const spendable = (ledger: Ledger, at: string) => sum(live(ledger.lots, at).map(unreserved));

/** Takes `amount` from unreserved credits of live lots in spending order; null when they hold less. */
export function takeInOrder(lots: Lot[], amount: number, at: string | null): Take[] | null {
  const takes: Take[] = [];
  let left = amount;
  for (const lot of [...live(lots, at)].sort(spendingOrder)) {
    if (left === 0) break;
    const take = Math.min(left, unreserved(lot));
    if (take > 0) takes.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? takes : null;
}

/** A capture takes from the hold's own reservations: lots already past expiry first, then spending order. */
export function takeFromHold(ledger: Ledger, hold: Hold, amount: number, at: string): Take[] {
  const byId = new Map(ledger.lots.map((l) => [l.id, l]));
  const ordered = [...hold.lots].sort((x, y) => {
    const a = byId.get(x.lotId)!;
    const b = byId.get(y.lotId)!;
    const dueFirst = Number(isDue(b.expiresAt, at)) - Number(isDue(a.expiresAt, at));
    return dueFirst || spendingOrder(a, b);
  });
  const takes: Take[] = [];
  let left = amount;
  for (const r of ordered) {
    if (left === 0) break;
    const take = Math.min(left, r.amount);
    takes.push({ lotId: r.lotId, amount: take });
    left -= take;
  }
  return takes;
}

/** The unreserved credits of lots due at `at`: what expiry takes now (reserved credits wait for their hold). */
export function dueExpiries(ledger: Ledger, at: string): Take[] {
  return ledger.lots.filter((l) => isDue(l.expiresAt, at) && unreserved(l) > 0).map((l) => ({ lotId: l.id, amount: unreserved(l) }));
}

/** The lots with `change` applied to those the takes name, spent ones dropped: one pass, no copy of an untouched lot. */
function changeLots(ledger: Ledger, takes: Take[], change: (lot: Lot, amount: number) => Lot): Lot[] {
  const amounts = new Map<string, number>();
  for (const t of takes) amounts.set(t.lotId, (amounts.get(t.lotId) ?? 0) + t.amount);
  const lots: Lot[] = [];
  for (const lot of ledger.lots) {
    const amount = amounts.get(lot.id);
    const next = amount === undefined ? lot : change(lot, amount);
    if (next.remaining > 0) lots.push(next);
  }
  return lots;
}

export const addLot = (ledger: Ledger, lot: Lot): Ledger => ({ ...ledger, lots: [...ledger.lots, lot] });

/** Credits leave their lots (a debit, a revocation, an expiry). */
export const takeLots = (ledger: Ledger, takes: Take[]): Ledger => ({
  ...ledger,
  lots: changeLots(ledger, takes, (lot, n) => ({ ...lot, remaining: lot.remaining - n })),
});

export const reserve = (ledger: Ledger, hold: Hold): Ledger => ({
  lots: changeLots(ledger, hold.lots, (lot, n) => ({ ...lot, reserved: lot.reserved + n })),
  holds: [...ledger.holds, hold],
});

function lessTakes(have: Take[], minus: Take[]): Take[] {
  const left = new Map(have.map((t) => [t.lotId, t.amount]));
  for (const t of minus) left.set(t.lotId, (left.get(t.lotId) ?? 0) - t.amount);
  return have.map((t) => ({ lotId: t.lotId, amount: left.get(t.lotId)! })).filter((t) => t.amount > 0);
}

/** A capture: credits leave the hold's reservations and their lots; the hold closes once nothing is left in it. */
export function captureFromHold(ledger: Ledger, holdId: string, takes: Take[]): Ledger {
  const lots = changeLots(ledger, takes, (lot, n) => ({ ...lot, remaining: lot.remaining - n, reserved: lot.reserved - n }));
  const holds = ledger.holds
    .map((h) => (h.holdId === holdId ? { ...h, credits: h.credits - takes.reduce((a, t) => a + t.amount, 0), lots: lessTakes(h.lots, takes) } : h))
    .filter((h) => h.credits > 0);
  return { lots, holds };
}

/** A hold released or expired: its reservations go back to their lots (the fold's step; the command is `ReleaseHold`). */
export function unreserveHold(ledger: Ledger, holdId: string): Ledger {
  const hold = ledger.holds.find((h) => h.holdId === holdId);
  if (!hold) return ledger;
  return {
    lots: changeLots(ledger, hold.lots, (lot, n) => ({ ...lot, reserved: lot.reserved - n })),
    holds: ledger.holds.filter((h) => h.holdId !== holdId),
  };
}
