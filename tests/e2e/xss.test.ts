import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import type { Client } from '../support/http';
import { activeMember, signInAdmin } from '../support/identity';

/**
 * Names, descriptions and tags holding markup are stored as given and shown as text on every page
 * that shows them. Any script that ran would set window.__xss; any inline handler that got into the
 * DOM would also show as a CSP violation (the policy blocks it, but it must not get there at all).
 */
const SCRIPT = '<script>window.__xss=1</script>';
const IMG = '<img src=x onerror="window.__xss=2">';
const LINK = 'javascript:window.__xss=3';
const named = (what: string) => `${what} ${SCRIPT}${IMG}`;

const NAMES = {
  org: named('Org'),
  project: named('Project'),
  projectDescription: `${LINK} ${IMG}`,
  plan: named('Plan'),
  planDescription: `${LINK} ${SCRIPT}`,
  usage: named('Usage'),
  role: named('Role'),
  member: named('Member'),
  component: named('Component'),
  tag: named('Tag'),
  assistant: named('Assistant'),
  assistantDescription: `${LINK} ${IMG}`,
};

let t: TestApp;
let browser: Browser;
let admin: Client;
let tab: TestPage;
let page: Page;
let projectId: string;
let planId: string;
let orgId: string;
const violations: string[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  admin = await signInAdmin(t.url, NAMES.org);
  const project = await admin.post('/api/projects', { name: NAMES.project, description: NAMES.projectDescription });
  expect(project.status).toBe(201);
  projectId = project.body.id;
  const plan = await admin.post('/api/admin/subscriptions', {
    name: NAMES.plan,
    description: NAMES.planDescription,
    price_usd: 9,
    monthly_credits: 100,
    example_usages: [NAMES.usage],
  });
  expect(plan.status).toBe(201);
  planId = plan.body.id ?? plan.body.plan?.id ?? plan.body.subscription?.id;
  expect((await admin.post('/api/admin/roles', { name: NAMES.role })).status).toBe(200);
  await activeMember(t.url, admin, 'markup@example.com', NAMES.member);
  expect((await admin.post('/api/admin/components', { type: 'object', name: NAMES.component, description: NAMES.assistantDescription, structure: [] })).status).toBe(201);
  expect((await admin.post('/api/admin/tags', { name: NAMES.tag, description: SCRIPT })).status).toBe(201);
  const assistant = await admin.post('/api/admin/assistants', {
    name: NAMES.assistant,
    description: NAMES.assistantDescription,
    task: SCRIPT,
    tags: [NAMES.tag],
    ready_to_deploy: true,
    output_component_id: [NAMES.component],
  });
  expect(assistant.status).toBe(201);
  orgId = (await t.db.query('SELECT organization_id FROM users WHERE email = $1', ['admin@example.com'])).rows[0].organization_id;

  tab = await newPage(browser, t.url);
  page = tab.page;
  await page.exposeFunction('__violation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __violation: (s: string) => void }).__violation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const signedIn = await tab.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email: 'admin@example.com', name: 'Ada Admin' }, headers: { origin: t.url } });
  expect(signedIn.status()).toBe(200);
}, 180_000);

afterAll(async () => {
  await tab?.close();
  await closeContexts(browser);
  await t?.close();
});

/** Opens a page, waits for each text to show literally, and checks that nothing ran and no javascript: link exists. */
async function showsAsText(path: string, texts: string[]) {
  violations.length = 0;
  await page.goto(path);
  for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    scriptLinks: [...document.querySelectorAll('a[href], area[href], iframe[src], form[action]')]
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? '')
      .filter((href) => /^\s*javascript:/i.test(href)),
    injected: document.querySelectorAll('img[src="x"], body script:not([src]):not([type="application/json"])').length,
  }));
  expect({ path, ...state, violations }).toEqual({ path, xss: undefined, scriptLinks: [], injected: 0, violations: [] });
}

describe('stored XSS', { timeout: 90_000 }, () => {
  it('stores markup exactly as given', async () => {
    const project = await t.db.query('SELECT name, description FROM projects WHERE id = $1', [projectId]);
    expect(project.rows[0]).toEqual({ name: NAMES.project, description: NAMES.projectDescription });
    expect((await t.db.query('SELECT name FROM orgs WHERE id = $1', [orgId])).rows[0].name).toBe(NAMES.org);
    expect((await t.db.query('SELECT name FROM users WHERE email = $1', ['markup@example.com'])).rows[0].name).toBe(NAMES.member);
    expect((await admin.get('/api/admin/assistants')).body.data[0]).toMatchObject({ name: NAMES.assistant, description: NAMES.assistantDescription });
  });

  it('shows project names and descriptions as text (list, page, navigation bar)', async () => {
    await showsAsText('/projects', [NAMES.project]);
    await page.getByText(NAMES.project).first().click();
    await page.waitForURL((url) => url.pathname === `/project/${projectId}`);
    await showsAsText(`/project/${projectId}`, [NAMES.project, NAMES.projectDescription]);
  });

  it('shows the organization name as text on the profile and in the admin lists', async () => {
    await showsAsText('/profile', [NAMES.org]);
    await showsAsText('/admin/orgs', [NAMES.org]);
    await showsAsText('/admin/users', [NAMES.member]);
    await showsAsText('/admin/roles', [NAMES.role]);
  });

  it('shows plan names, descriptions and example usages as text', async () => {
    await showsAsText('/pricing', [NAMES.plan, NAMES.planDescription]);
    await showsAsText(`/subscribe/${planId}`, [NAMES.plan]);
    await showsAsText('/admin/subscriptions', [NAMES.plan]);
  });

  it('shows assistant, component and tag names and descriptions as text', async () => {
    await showsAsText('/admin/assistants', [NAMES.assistant]);
    if (process.env.XSS_SHOTS) await page.screenshot({ path: '/tmp/p8/xss-assistants.png' });
    await showsAsText('/admin/assistantComponents?type=object', [NAMES.component]);
    await showsAsText('/advisors', [NAMES.assistant]);
  });

  it('shows the history of the organization (event data) as text', async () => {
    await showsAsText(`/admin/history/${encodeURIComponent(`org-${orgId}`)}`, [SCRIPT]);
    if (process.env.XSS_SHOTS) await page.screenshot({ path: '/tmp/p8/xss-history.png' });
  });
});

describe('the CSP lets our own pages run', { timeout: 90_000 }, () => {
  it('renders the queue board and the API docs under their policies', async () => {
    violations.length = 0;
    await page.goto('/admin/queues');
    await page.getByText('projector').first().waitFor({ timeout: 15_000 });
    await page.goto('/api/docs');
    await page.getByText('Advisory board API').first().waitFor({ timeout: 15_000 });
    expect(violations).toEqual([]);
  });

  it('loads no third-party script on /contact when no contact form is configured (the built-in form shows)', async () => {
    violations.length = 0;
    const scripts: string[] = [];
    const onRequest = (request: { url: () => string; resourceType: () => string }) => {
      if (request.resourceType() === 'script' && new URL(request.url()).origin !== new URL(t.url).origin) scripts.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      expect(scripts).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('a visitor browsing the public pages meets no violation', async () => {
    const visitor = await newPage(browser, t.url);
    const seen: string[] = [];
    await visitor.page.exposeFunction('__violation', (text: string) => seen.push(text));
    await visitor.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __violation: (s: string) => void }).__violation(`${e.violatedDirective} ${e.blockedURI}`));
    });
    try {
      for (const path of ['/', '/about', '/features', '/pricing', '/login', '/inactive']) {
        await visitor.page.goto(path);
        await visitor.page.locator('#root *').first().waitFor();
      }
      expect(seen).toEqual([]);
      expect(visitor.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});

