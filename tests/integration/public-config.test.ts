import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ workers: false });
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/config', () => {
  it('says no contact form and no veterans site are configured when none is', async () => {
    const res = await fetch(`${app.url}/api/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contactFormScriptUrl: null, veteransSiteUrl: null });
  });

  it('answers the configured contact form script and veterans site, signed out', async () => {
    const configured = await startApp({
      workers: false,
      databaseUrl: app.config.DATABASE_URL,
      env: { CONTACT_FORM_SCRIPT_URL: 'https://forms.example.com/embed/contact.js', VETERANS_SITE_URL: 'https://veterans.example.org/' },
    });
    try {
      const res = await fetch(`${configured.url}/api/config`);
      expect(await res.json()).toEqual({ contactFormScriptUrl: 'https://forms.example.com/embed/contact.js', veteransSiteUrl: 'https://veterans.example.org/' });
    } finally {
      await configured.close();
    }
  });
});

describe('HEAD on app routes', () => {
  it('answers like GET: the same status and content type, without a body', async () => {
    for (const path of ['/', '/dashboard', '/subscribe/plan-pro', '/admin/orgs']) {
      const [get, head] = await Promise.all([fetch(`${app.url}${path}`), fetch(`${app.url}${path}`, { method: 'HEAD' })]);
      expect(head.status, path).toBe(get.status);
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(await head.text(), path).toBe('');
    }
  });

  it('still answers 404 for an unknown API route', async () => {
    const head = await fetch(`${app.url}/api/no-such-route`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });
});
