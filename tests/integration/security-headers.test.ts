import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../services/platform/config.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import type { Client } from '../support/http.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The policy as a map of directive -> sources. */
function csp(headers: Headers): Record<string, string[]> {
  const header = headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const get = (path: string, cookie = '') => fetch(`${t.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

describe('security headers (helmet)', () => {
  it('serves the app with a policy that allows its own scripts and styles only', async () => {
    for (const path of ['/', '/admin/orgs', '/pricing']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const policy = csp(res.headers);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['style-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
    }
  });

  it('sends the other headers on pages and API answers alike', async () => {
    for (const path of ['/', '/api/health', '/api/auth/me']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toBeTruthy();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('relaxes styles (inline) on the queue board and the API docs only, never scripts', async () => {
    const board = await get('/admin/queues', admin.cookie);
    expect(board.status).toBe(200);
    expect(await board.text()).toContain('Bull Dashboard');
    expect(csp(board.headers)['style-src']).toContain("'unsafe-inline'");
    expect(csp(board.headers)['script-src']).toEqual(["'self'"]);
    const docs = await get('/api/docs/static/index.html');
    expect(csp(docs.headers)['style-src']).toContain("'unsafe-inline'");
    expect(csp(docs.headers)['script-src']).toEqual(["'self'"]);
    const page = await get('/admin/queues-not-the-board');
    expect(csp(page.headers)['style-src']).toEqual(["'self'"]);
  });

  it('serves the queue board with nothing from another host: its page and stylesheets name none, and its policy allows none', async () => {
    const board = await get('/admin/queues', admin.cookie);
    const html = await board.text();
    expect(html).toContain('Bull Dashboard');
    const references = [...html.matchAll(/\b(?:href|src)=["']?([^"' >]+)/gi)].map((m) => m[1]);
    expect(references.length).toBeGreaterThan(3);
    expect(references.filter((url) => /^(?:[a-z]+:)?\/\//i.test(url))).toEqual([]);
    for (const sheet of references.filter((url) => url.endsWith('.css'))) {
      const css = await (await get(`/admin/queues/${sheet}`, admin.cookie)).text();
      expect(css.length).toBeGreaterThan(100);
      expect(css).not.toMatch(/@import|url\(\s*["']?(?:https?:)?\/\//i);
    }
    // A file of the board's that is not there: the API's own 404 answer, not Fastify's bare text.
    const missing = await get('/admin/queues/static/not-there.js', admin.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Route GET /admin/queues/static/not-there.js not found', message: 'Route GET /admin/queues/static/not-there.js not found' });
    const policy = csp(board.headers);
    for (const directive of ['style-src', 'font-src', 'script-src', 'connect-src']) {
      expect(policy[directive].filter((source) => /\./.test(source))).toEqual([]);
    }
  });

  it('allows the contact form script host only when CONTACT_FORM_SCRIPT_URL names a script there', async () => {
    expect(csp((await get('/contact')).headers)['script-src']).toEqual(["'self'"]);
    const withForm = await startApp({ workers: false, databaseUrl: t.config.DATABASE_URL, env: { CONTACT_FORM_SCRIPT_URL: 'https://forms.example.com/embed/contact.js' } });
    try {
      const policy = csp((await fetch(`${withForm.url}/contact`)).headers);
      expect(policy['script-src']).toEqual(["'self'", 'https://forms.example.com']);
      expect(policy['connect-src']).toEqual(["'self'", 'https://forms.example.com']);
      expect(policy['style-src']).toEqual(["'self'"]);
    } finally {
      await withForm.close();
    }
  });

  it('refuses a contact-form script that is not an http(s) URL', () => {
    expect(() => loadConfig({ CONTACT_FORM_SCRIPT_URL: "'unsafe-inline'" })).toThrow(/CONTACT_FORM_SCRIPT_URL/);
    expect(() => loadConfig({ CONTACT_FORM_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/CONTACT_FORM_SCRIPT_URL/);
  });

  it('in production adds HSTS and upgrade-insecure-requests', async () => {
    const prod = await startApp({
      workers: false,
      databaseUrl: t.config.DATABASE_URL,
      env: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars!', DEV_LOGIN: '0', METRICS_TOKEN: 'a-metrics-token-for-tests' },
    });
    try {
      const res = await fetch(`${prod.url}/`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000; includeSubDomains/);
      expect(csp(res.headers)).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
  });
});
