import { describe, expect, it } from 'vitest';
import { PaymentNotKnown, refundDescription, refundedCredits, stripePaymentDecider, type StripePaymentEvent } from './payment.ts';

const at = '2026-08-06T00:00:00.000Z';
const credited: StripePaymentEvent = {
  type: 'StripePaymentCredited',
  data: { paymentIntentId: 'pi_1', orgId: 'org', planId: 'pack', sessionId: 'cs_1', amount: 4900, currency: 'usd', credits: 500, at },
};
const given = (events: StripePaymentEvent[]) => events.reduce(stripePaymentDecider.evolve, stripePaymentDecider.initialState());
const refund = (amountRefunded: number) => ({ type: 'RecordRefund' as const, data: { paymentIntentId: 'pi_1', chargeId: 'ch_1', amountRefunded, at } });

describe('refunds of a payment', () => {
  it('take back the refunded share of the credits, rounded down', () => {
    expect(refundedCredits(500, 4900, 4900)).toBe(500);
    expect(refundedCredits(500, 4900, 2450)).toBe(250);
    expect(refundedCredits(500, 3, 1)).toBe(166);
    expect(refundedCredits(500, 0, 10)).toBe(0);
    expect(refundedCredits(500, 4900, 99999)).toBe(500);
  });

  it('are cumulative: a second refund takes only what the first did not', () => {
    const first = stripePaymentDecider.decide(refund(1633), given([credited]));
    expect(first).toMatchObject([{ type: 'StripePaymentRefunded', data: { credits: 166, amountRefunded: 1633 } }]);
    const second = stripePaymentDecider.decide(refund(4900), given([credited, ...first]));
    expect(second).toMatchObject([{ type: 'StripePaymentRefunded', data: { credits: 334, refunded: 3267, currency: 'usd' } }]);
  });

  it('say their own amount in words, never a charge id (issue 23 item 8)', () => {
    expect(refundDescription(3267, 'usd')).toBe('Refund of $32.67');
    expect(refundDescription(500, 'eur')).toBe('Refund of €5.00');
    expect(refundDescription(undefined, undefined)).toBe('Refund');
  });

  it('repeat nothing for an amount already refunded, and wait for an unknown payment', () => {
    const first = stripePaymentDecider.decide(refund(4900), given([credited]));
    expect(stripePaymentDecider.decide(refund(4900), given([credited, ...first]))).toEqual([]);
    expect(() => stripePaymentDecider.decide(refund(4900), given([]))).toThrow(PaymentNotKnown);
  });
});
