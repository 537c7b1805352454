/** Amounts are in cents: divided by 100, with '$' for usd and the currency code otherwise (spec section 9). */
export function formatAmount(cents: number | null | undefined, currency: string | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const value = (Math.abs(cents) / 100).toFixed(2);
  const code = (currency ?? '').toLowerCase();
  return code === 'usd' ? `${sign}$${value}` : `${sign}${value} ${code.toUpperCase()}`.trim();
}
