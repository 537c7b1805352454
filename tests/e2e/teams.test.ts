import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, newPage, workerBrowser } from '../support/browser';
import { memberWithOrg } from '../support/orgs';

/** Issue 24 in the browser: inviting, joining (1280 and 390 px), changing a role, setting a budget. */
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), workerBrowser()]);
  await memberWithOrg(app, 'team-owner@example.com', 100);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await app?.close();
});

async function ownerTab() {
  const tab = await newPage(browser, app.url);
  expect((await tab.page.request.post('/api/auth/dev-login', { data: { email: 'team-owner@example.com', name: 'Team Owner' } })).status()).toBe(200);
  return tab;
}

/** The owner invites on /org and reads the link shown once. */
async function inviteOnPage(email: string, role: 'member' | 'billing') {
  const { page } = await ownerTab();
  await page.goto('/org');
  await page.getByLabel('Email to invite').fill(email);
  await page.getByLabel('Role of the invitee').selectOption(role);
  await page.getByRole('button', { name: 'Invite' }).click();
  const link = page.getByLabel('Invitation link');
  await link.waitFor();
  expect(await page.getByRole('status').innerText()).toContain('Email is not set up on this server');
  return { page, url: await link.inputValue() };
}

/** A new account opens the link, signs in with the invited email, accepts and lands on /org. */
async function joinAt(width: number, email: string, url: string) {
  const context = await browser.newContext({ baseURL: app.url, viewport: { width, height: 844 } });
  const page = await context.newPage();
  await page.goto(new URL(url).pathname);
  await page.getByRole('link', { name: /Sign in as/ }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('New Colleague');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: /Accept and join/ }).click();
  await page.waitForURL('**/org');
  await page.getByRole('heading', { name: 'Your organization' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  return page;
}

describe('teams in the browser', { timeout: 120_000 }, () => {
  it('invites, joins at 1280 px, changes the role and sets a budget the member sees', async () => {
    const { page: owner, url } = await inviteOnPage('colleague-wide@example.com', 'member');
    const member = await joinAt(1280, 'colleague-wide@example.com', url);
    expect(await member.getByText('You are a member').count()).toBe(1);
    expect(await member.getByRole('button', { name: 'Invite' }).count()).toBe(0);

    await owner.reload();
    await owner.getByLabel('Role of colleague-wide@example.com').selectOption('billing');
    await expect.poll(async () => (await owner.request.get('/api/me/org/members')).json().then((b) => b.data.find((m: { email: string }) => m.email === 'colleague-wide@example.com')?.role)).toBe('billing');

    await owner.getByLabel('Member', { exact: true }).selectOption({ label: 'colleague-wide@example.com' });
    await owner.getByLabel('Credits', { exact: true }).fill('30');
    await owner.getByRole('button', { name: 'Set budget' }).click();
    await expect.poll(() => owner.getByLabel('Budgets').innerText()).toContain('0 spent of 30 this month');
    await member.reload();
    await expect.poll(() => member.getByLabel('Budgets').innerText()).toContain('of 30 this month');
  });

  it('joins at 390 px and the pages fit the phone', async () => {
    const { url } = await inviteOnPage('colleague-phone@example.com', 'billing');
    const member = await joinAt(390, 'colleague-phone@example.com', url);
    expect(await member.getByText('You are a billing member').count()).toBe(1);
    await member.goto(new URL(url).pathname);
    await member.getByRole('alert').waitFor();
    expect(await member.getByRole('alert').innerText()).toContain('no longer valid');
  });
});
