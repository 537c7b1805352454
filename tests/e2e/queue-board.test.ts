import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app';
import { closeContexts, workerBrowser, newPage, type TestPage } from '../support/browser';
import { signInAdmin } from '../support/identity';

let t: TestApp;
let browser: Browser;
let tab: TestPage;

beforeAll(async () => {
  [t, browser] = await Promise.all([startApp(), workerBrowser()]);
  const admin = await signInAdmin(t.url);
  tab = await newPage(browser, t.url);
  const [name, value] = admin.cookie.split('=');
  await tab.context.addCookies([{ name, value, url: t.url }]);
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await t?.close();
});

describe('the queue board (Bull Board) at /admin/queues', { timeout: 60_000 }, () => {
  it('renders its queues while asking no other host for anything (fonts included)', async () => {
    const requested: string[] = [];
    tab.page.on('request', (request) => requested.push(request.url()));
    await tab.page.goto('/admin/queues');
    await tab.page.getByText('projector').first().waitFor({ timeout: 15_000 });
    await tab.page.waitForLoadState('networkidle');
    const origin = new URL(t.url).origin;
    expect(requested.filter((url) => url.startsWith(origin)).length).toBeGreaterThan(3);
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
