import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('derives the contact form origin the CSP allows from CONTACT_FORM_SCRIPT_URL, and none without it', () => {
    expect(loadConfig({ CONTACT_FORM_SCRIPT_URL: 'https://forms.example.com/embed/contact.js' }).contactFormOrigin).toBe('https://forms.example.com');
    expect(loadConfig({}).contactFormOrigin).toBeNull();
  });

  it('refuses contact-form and veterans URLs that are not http(s), naming the variable', () => {
    expect(() => loadConfig({ CONTACT_FORM_SCRIPT_URL: "'unsafe-inline'" })).toThrow(/CONTACT_FORM_SCRIPT_URL/);
    expect(() => loadConfig({ CONTACT_FORM_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/CONTACT_FORM_SCRIPT_URL/);
    expect(() => loadConfig({ VETERANS_SITE_URL: 'javascript:alert(1)' })).toThrow(/VETERANS_SITE_URL/);
  });

  it('says that CONTACT_FORM_SCRIPT_HOST was replaced by CONTACT_FORM_SCRIPT_URL', () => {
    expect(() => loadConfig({ CONTACT_FORM_SCRIPT_HOST: 'https://forms.example.com' })).toThrow(/CONTACT_FORM_SCRIPT_HOST: replaced by CONTACT_FORM_SCRIPT_URL/);
  });

  it('refuses to start in production with the default session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: set a secret of your own in production/);
  });

  it('refuses a session secret shorter than 32 characters, in any environment', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'too-short' })).toThrow(/SESSION_SECRET/);
  });

  it('starts in production with a secret of its own and a metrics token', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!', METRICS_TOKEN: 'a-metrics-token-0123' }).NODE_ENV).toBe('production');
  });

  it('refuses to start in production without a token for GET /metrics', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });

  it('has the timeouts and limits of issue 13 by default: 2 s job locks, 5 s statements, 64 KB bodies', () => {
    const config = loadConfig({});
    expect(config.WORKER_LOCK_MS).toBe(2000);
    expect(config.DB_STATEMENT_TIMEOUT_MS).toBe(5000);
    expect(config.BODY_LIMIT_BYTES).toBe(64 * 1024);
    expect(config.WEBHOOK_BODY_LIMIT_BYTES).toBe(1024 * 1024);
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
