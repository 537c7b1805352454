/**
 * Whether the checkout this tab left for bought a one-time pack or started a subscription, so that
 * /subscribed thanks the buyer for the right thing (the hosted checkout returns to the same tab).
 */
export type CheckoutKind = 'one_time' | 'subscription';

const key = 'checkoutKind';

export function rememberCheckoutKind(kind: CheckoutKind): void {
  try {
    sessionStorage.setItem(key, kind);
  } catch {
    // Without storage /subscribed thanks for a subscription, the common case.
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
