import { describe, expect, it } from 'vitest';
import { changeLabel, chooseLabel, creditLines, priceLabel, usd } from './format';

describe('plan formatting', () => {
  it('shows prices with two decimals', () => {
    expect(usd(20)).toBe('$20.00');
    expect(usd(9.9)).toBe('$9.90');
    expect(priceLabel({ price_usd: 49, is_one_time: true })).toBe('$49.00 one-time');
    expect(priceLabel({ price_usd: 9.99, is_one_time: false })).toBe('$9.99 / month');
  });

  it('labels the choose button as the spec says for monthly plans', () => {
    expect(chooseLabel({ price_usd: 20, is_one_time: false })).toBe('Plan will be $20.00 /mo');
  });

  it('lists monthly and one-time credits', () => {
    expect(creditLines({ monthly_credits: 1000, one_time_credits: 200 })).toEqual(['1,000 credits per month', '200 one-time credits']);
    expect(creditLines({ monthly_credits: 0, one_time_credits: 0 })).toEqual(['No credits']);
  });

  it('says what a plan change does: an upgrade now, prorated, with its credits; a downgrade from the period\'s end (issue 23 item 3)', () => {
    const starter = { name: 'Starter', price_usd: 10, monthly_credits: 300, one_time_credits: 0 };
    const pro = { name: 'Pro', price_usd: 20, monthly_credits: 1000, one_time_credits: 200 };
    const now = Date.parse('2026-01-01T00:00:00Z');
    const halfMonth = new Date(now + 15 * 24 * 3600 * 1000).toISOString();
    expect(changeLabel(pro, starter, halfMonth, '2026-01-16', now)).toBe('Upgrade now: $5.00 today (prorated), +900 credits');
    expect(changeLabel(starter, pro, halfMonth, '2026-01-16', now)).toBe('Starter from 2026-01-16');
  });
});
