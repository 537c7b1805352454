import { describe, expect, it } from 'vitest';
import { discoveryUrl, identityFromClaims } from './google.ts';

describe('identityFromClaims', () => {
  it('takes email, name, given name and picture from the id_token', () => {
    expect(identityFromClaims({ email: 'grace@example.com', email_verified: true, name: 'Grace Hopper', given_name: 'Grace', picture: 'https://x.test/g.png' })).toEqual({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      givenName: 'Grace',
      avatarUrl: 'https://x.test/g.png',
    });
  });

  it('falls back to the email for a missing name and the first word for a missing given name', () => {
    expect(identityFromClaims({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com', name: 'ada', givenName: 'ada', avatarUrl: null });
    expect(identityFromClaims({ email: 'ada@example.com', name: 'Ada Lovelace' }).givenName).toBe('Ada');
  });

  it('refuses a token without an email or with an unverified one, and ignores a non-http picture', () => {
    expect(() => identityFromClaims({ name: 'Nobody' })).toThrow();
    expect(() => identityFromClaims({ email: 'x@example.com', email_verified: false })).toThrow();
    expect(identityFromClaims({ email: 'x@example.com', picture: 'javascript:alert(1)' }).avatarUrl).toBeNull();
  });
});

describe('discoveryUrl', () => {
  it('appends the well-known path once', () => {
    expect(discoveryUrl('https://accounts.google.com')).toBe('https://accounts.google.com/.well-known/openid-configuration');
    expect(discoveryUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000/.well-known/openid-configuration');
  });
});
