import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { boardAssistant, ledgerOf } from '../support/board';
import { launchBrowser, newPage, type TestPage } from '../support/browser';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import { Client } from '../support/http';
import { activeMember, signInAdmin } from '../support/identity';
import { TEST_LLM_KEY } from '../support/llm-client';
import { grantCredits } from '../support/orgs';

let t: TestApp;
let browser: Browser;
let admin: Client;
let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  [t, browser] = await Promise.all([
    startApp({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY, LLM_TIMEOUT_MS: '5000', LLM_MAX_RETRIES: '1' } }),
    launchBrowser(),
  ]);
  admin = await signInAdmin(t.url);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await llm?.close();
});

/** A signed-in member of a fresh organization holding `credits`, with a project; third-party hosts are offline. */
async function memberTab(email: string, credits: number): Promise<{ tab: TestPage; orgId: string; projectId: string }> {
  await activeMember(t.url, admin, email);
  const tab = await newPage(browser, t.url);
  await tab.context.route((url) => url.origin !== t.url, (route) => route.abort());
  const headers = { origin: t.url };
  expect((await tab.context.request.post(`${t.url}/api/auth/dev-login`, { data: { email, name: 'Bo Board' }, headers })).status()).toBe(200);
  expect((await tab.context.request.post(`${t.url}/api/me/profile/update`, { data: { name: 'Bo Board', orgName: `Board Co ${email}` }, headers })).status()).toBe(200);
  const orgId = (await t.db.query('SELECT organization_id FROM users WHERE email = $1', [email])).rows[0].organization_id as string;
  if (credits > 0) await grantCredits(t, orgId, credits);
  const project = await tab.context.request.post(`${t.url}/api/projects`, { data: { name: 'Pricing review', description: '' }, headers });
  expect(project.status()).toBe(201);
  return { tab, orgId, projectId: (await project.json()).id };
}

describe('the advisory board in the browser', { timeout: 90_000 }, () => {
  it('asks the board a question and shows two streamed answers under their names, structured where asked, and the credits spent', async () => {
    const term = (await admin.post('/api/admin/components', { name: 'board-e2e-verdict', type: 'term', description: 'The verdict' })).body.data;
    const decision = (
      await admin.post('/api/admin/components', {
        name: 'Board e2e decision',
        type: 'object',
        description: 'A decision',
        structure: [{ name: 'verdict', child_component_id: term.id }],
      })
    ).body.data;
    const strategist = await boardAssistant(admin, { name: 'Strategist' });
    const analyst = await boardAssistant(admin, { name: 'Analyst', output_component_id: [decision.id] });
    llm.script(strategist.model, { type: 'text', pieces: ['Raise ', 'prices ', 'by 5%.'], usage: { prompt_tokens: 300, completion_tokens: 600 } });
    llm.script(analyst.model, { type: 'json', value: { verdict: 'Hold prices' }, usage: { prompt_tokens: 500, completion_tokens: 500 } });

    const { tab, orgId, projectId } = await memberTab('bo@example.com', 500);
    const { page } = tab;
    try {
      await page.goto(`/project/${projectId}`);
      const members = page.getByRole('list', { name: 'Board members' });
      await members.getByText('Strategist').waitFor();
      await members.getByText('Analyst').waitFor();
      await page.getByLabel('Your question').fill('Should we raise prices?');
      await page.getByRole('button', { name: 'Ask the board' }).click();

      const session = page.getByRole('listitem', { name: 'Board session' });
      await session.getByRole('article', { name: 'Answer of Strategist' }).getByText('Raise prices by 5%.').waitFor();
      const fields = session.getByRole('article', { name: 'Answer of Analyst' });
      await fields.getByText('verdict').waitFor();
      await fields.getByText('Hold prices').waitFor();
      // Default price, 1 and 3 credits per 1,000 input and output tokens: 0.3 + 1.8 → 3, and 0.5 + 1.5 = 2.
      await session.getByText('2 advisors · 5 credits').waitFor();
      expect(await ledgerOf(t, orgId)).toMatchObject({ spent: 5, balance: 495, held: 0 });
      expect(await page.content()).not.toContain(TEST_LLM_KEY);
      expect(tab.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('tells a member without enough credits, with a link to /pricing, and calls nothing', async () => {
    await boardAssistant(admin, { name: 'Lonely advisor' });
    // One credit: the box is open (at 0 it is disabled before asking), but a question's hold needs more.
    const { tab } = await memberTab('broke@example.com', 1);
    const before = llm.requests.length;
    try {
      await tab.page.goto('/');
      const projectId = (await (await tab.context.request.get(`${t.url}/api/projects`)).json())[0].id;
      await tab.page.goto(`/project/${projectId}`);
      await tab.page.getByRole('list', { name: 'Board members' }).getByText('Lonely advisor').waitFor();
      await tab.page.getByLabel('Your question').fill('Can we afford this?');
      await tab.page.getByRole('button', { name: 'Ask the board' }).click();
      const alert = tab.page.getByRole('alert').filter({ hasText: 'does not have enough credits' });
      await alert.waitFor();
      expect(await alert.getByRole('link', { name: /pricing/ }).getAttribute('href')).toBe('/pricing');
      expect(llm.requests.length).toBe(before);
    } finally {
      await tab.close();
    }
  });
});
