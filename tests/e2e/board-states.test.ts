import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { boardAssistant, projectOf, sessionDone } from '../support/board';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import { startFakeLlm, type FakeLlm } from '../support/fake-llm';
import type { Client } from '../support/http';
import { signInAdmin } from '../support/identity';
import { TEST_LLM_KEY } from '../support/llm-client';
import { memberWithOrg } from '../support/orgs';

/** Issue 23 item 13: the board page fits a phone, and says before anything is asked when it cannot take a question. */
let t: TestApp;
let browser: Browser;
let admin: Client;
let llm: FakeLlm;
let model: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  [t, browser] = await Promise.all([startApp({ env: { LLM_BASE_URL: llm.url, LLM_API_KEY: TEST_LLM_KEY } }), workerBrowser()]);
  admin = await signInAdmin(t.url);
  ({ model } = await boardAssistant(admin, { name: 'Strategist with a rather long name' }));
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
  await llm?.close();
});

async function tabFor(client: Client, width: number): Promise<TestPage> {
  const tab = await newPage(browser, t.url);
  await tab.page.setViewportSize({ width, height: 900 });
  const [name, value] = client.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: t.url }]);
  return tab;
}

describe.each([1280, 390])('the board page at %i px', (width) => {
  it('fits the screen with a session in its transcript', async () => {
    const { client } = await memberWithOrg(t, `board-fit-${width}@example.com`, 500);
    const projectId = await projectOf(client);
    llm.script(model, { type: 'text', pieces: ['Raise prices by five percent, and tell your customers why well ahead of the change.'], usage: { prompt_tokens: 100, completion_tokens: 100 } });
    const asked = await client.post(`/api/projects/${projectId}/sessions`, { question: 'Should we raise prices next quarter?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await sessionDone(client, asked.body.sessionId);
    const tab = await tabFor(client, width);
    try {
      await tab.page.goto(`/project/${projectId}`);
      const session = tab.page.getByRole('listitem', { name: 'Board session' });
      await session.getByText('Raise prices by five percent').waitFor();
      expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env.SHOTS) await tab.page.screenshot({ path: `${process.env.SHOTS}/board-session-${width}.png`, fullPage: true });
      const box = await session.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(await tab.page.getByLabel('Your question').isEnabled()).toBe(true);
    } finally {
      await tab.close();
    }
  });

  it('at 0 credits disables the question box, says why and links to buying; the dashboard banner links there too', async () => {
    const { client } = await memberWithOrg(t, `board-broke-${width}@example.com`, 0);
    const projectId = await projectOf(client);
    const tab = await tabFor(client, width);
    try {
      await tab.page.goto(`/project/${projectId}`);
      const note = tab.page.getByTestId('board-blocked');
      await note.waitFor({ timeout: 15_000 });
      expect(await note.textContent()).toContain('Your organization has no credits available');
      expect(await note.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing');
      expect(await tab.page.getByLabel('Your question').isDisabled()).toBe(true);
      expect(await tab.page.getByRole('button', { name: 'Ask the board' }).isDisabled()).toBe(true);
      if (process.env.SHOTS) await tab.page.screenshot({ path: `${process.env.SHOTS}/board-blocked-${width}.png`, fullPage: true });
      expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await tab.page.goto('/dashboard');
      const banner = tab.page.getByTestId('credit-alert-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Your organization has no credits available.');
      expect(await banner.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing');
    } finally {
      await tab.close();
    }
  });

  it('in a disabled organization disables the question box and says why', async () => {
    const { client, orgId } = await memberWithOrg(t, `board-disabled-${width}@example.com`, 100);
    const projectId = await projectOf(client);
    expect((await admin.post(`/api/admin/orgs/${orgId}/toggle-active`, {})).body).toMatchObject({ is_active: false });
    const tab = await tabFor(client, width);
    try {
      await tab.page.goto(`/project/${projectId}`);
      const note = tab.page.getByTestId('board-blocked');
      await note.waitFor({ timeout: 15_000 });
      expect(await note.textContent()).toContain('Your organization is disabled');
      expect(await tab.page.getByLabel('Your question').isDisabled()).toBe(true);
    } finally {
      await tab.close();
    }
  });
});
