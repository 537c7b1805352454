import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('refuses to start in production with the default session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: set a secret of your own in production/);
  });

  it('refuses a session secret shorter than 32 characters, in any environment', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET/);
  });

  it('starts in production with a secret of its own', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!' }).NODE_ENV).toBe('production');
  });

  it('keeps the dev sign-in off unless asked, and rate limits on unless RATE_LIMIT=off', () => {
    const config = loadConfig({});
    expect(config.devLogin).toBe(false);
    expect(config.RATE_LIMIT).toBe('on');
    expect(config.TRUST_PROXY).toBe(false);
    expect(loadConfig({ RATE_LIMIT: 'off' }).RATE_LIMIT).toBe('off');
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN: '0' })).toThrow(/RATE_LIMIT_SIGN_IN/);
  });
});
