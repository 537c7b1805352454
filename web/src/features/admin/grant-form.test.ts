import { describe, expect, it } from 'vitest';
import { emptyGrantForm, grantProblem, toGrantBody } from './grant-form';

const now = new Date('2026-11-25T10:00:00Z');

describe('the admin credit adjustment form', () => {
  it('asks for a whole, non-zero amount and a description', () => {
    expect(grantProblem({ ...emptyGrantForm, description: 'x' }, now)?.field).toBe('amount');
    expect(grantProblem({ ...emptyGrantForm, amount: '0', description: 'x' }, now)?.field).toBe('amount');
    expect(grantProblem({ ...emptyGrantForm, amount: '2.5', description: 'x' }, now)?.field).toBe('amount');
    expect(grantProblem({ ...emptyGrantForm, amount: '10', description: '  ' }, now)?.field).toBe('description');
    expect(grantProblem({ ...emptyGrantForm, amount: '-10', description: 'refund' }, now)).toBeNull();
  });

  it('keeps priority within 0..100 and an expiry in the future', () => {
    const form = { ...emptyGrantForm, amount: '25', description: 'launch promo' };
    expect(grantProblem({ ...form, priority: '101' }, now)?.field).toBe('priority');
    expect(grantProblem({ ...form, priority: '0' }, now)).toBeNull();
    expect(grantProblem({ ...form, expiresAt: '2026-11-24T10:00' }, now)?.field).toBe('expiresAt');
    expect(grantProblem({ ...form, expiresAt: '2026-12-24T10:00' }, now)).toBeNull();
  });

  it('sends only what was filled in, the expiry as an ISO instant', () => {
    expect(toGrantBody({ ...emptyGrantForm, amount: '25', description: ' promo ', source: 'promo' })).toEqual({ amount: 25, description: 'promo', source: 'promo' });
    const body = toGrantBody({ ...emptyGrantForm, amount: '25', description: 'promo', priority: '3', expiresAt: '2026-12-24T10:00' });
    expect(body).toMatchObject({ priority: 3, expiresAt: new Date('2026-12-24T10:00').toISOString() });
    expect(toGrantBody({ ...emptyGrantForm, amount: '-5', description: 'duplicate', source: 'promo' })).toEqual({ amount: -5, description: 'duplicate' });
    // Left over from a grant, they are neither checked nor sent with a removal.
    expect(grantProblem({ ...emptyGrantForm, amount: '-5', description: 'duplicate', priority: '200', expiresAt: '2020-01-01T00:00' }, now)).toBeNull();
  });
});
