/**
 * Whether the checkout this tab left for bought a one-time pack or started a subscription, so that
 * /subscribed thanks the buyer for the right thing (the hosted checkout returns to the same tab).
 */
export type CheckoutKind = 'one_time' | 'subscription';

const key = 'checkoutKind';

const balanceKey = 'checkoutBalanceBefore';

/**
 * Remembers the kind, and the organization's balance before a checkout that adds credits as soon as it
 * is paid (a pack, a first plan), so that /subscribed can say when they have arrived.
 */
export function rememberCheckout(kind: CheckoutKind, balanceBefore: number | null): void {
  try {
    sessionStorage.setItem(key, kind);
    if (balanceBefore === null) sessionStorage.removeItem(balanceKey);
    else sessionStorage.setItem(balanceKey, String(balanceBefore));
  } catch {
    // Without storage /subscribed thanks for a subscription, the common case, and watches nothing.
  }
}

/** The balance remembered before the checkout this tab came back from (null: nothing to watch). */
export function balanceBeforeCheckout(): number | null {
  try {
    const stored = sessionStorage.getItem(balanceKey);
    return stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
  } catch {
    return null;
  }
}

/** `?kind=` on the success URL wins; then what this tab remembered; else a subscription. */
export function checkoutKind(search: string): CheckoutKind {
  const fromUrl = new URLSearchParams(search).get('kind');
  if (fromUrl === 'one_time' || fromUrl === 'subscription') return fromUrl;
  try {
    return sessionStorage.getItem(key) === 'one_time' ? 'one_time' : 'subscription';
  } catch {
    return 'subscription';
  }
}

/** The texts of the pages before and after checkout for each kind (issue 12: packs are bought, not subscribed to). */
export const checkoutTexts = {
  one_time: { action: 'Buy', thanks: 'Thank you for your purchase!', detail: 'It may take a while for your credits to go through.' },
  subscription: {
    action: 'Start Subscription',
    thanks: 'Thank you for subscribing!',
    detail: 'You have subscribed. It may take a while for your subscription and credits to go through.',
  },
} as const;
