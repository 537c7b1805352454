import { balanceOf, dueExpiries, heldOf, spendingOrder, takeLots, type Ledger } from './lots.ts';

/** What a member sees of the ledger at a moment: what is due is shown expired, whether or not its event is written yet. */
export function creditsView(ledger: Ledger, at: string) {
  const settled = takeLots(ledger, dueExpiries(ledger, at));
  const balance = balanceOf(settled);
  const held = heldOf(settled);
  return {
    balance,
    available: balance - held,
    held,
    lots: [...settled.lots].sort(spendingOrder).map((l) => ({
      id: l.id,
      source: l.source,
      amount: l.amount,
      remaining: l.remaining,
      priority: l.priority,
      expiresAt: l.expiresAt,
      grantedAt: l.grantedAt,
      description: l.description,
    })),
    holds: settled.holds.map((h) => ({ holdId: h.holdId, credits: h.credits, expiresAt: h.expiresAt, description: h.description })),
  };
}

export type CreditsView = ReturnType<typeof creditsView>;
