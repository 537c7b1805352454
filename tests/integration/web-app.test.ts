import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';

/** The built web app as a browser meets it: pages are client-side routes, its files are files. */
let t: TestApp;

beforeAll(async () => {
  t = await startApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the web app', () => {
  it('answers a page with the app, its files with their code (cached for good), and a file that is not there with 404, never the app', async () => {
    const page = await fetch(`${t.url}/pricing`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();

    const code = await fetch(`${t.url}${script}`);
    expect(code.status).toBe(200);
    expect(code.headers.get('content-type')).toContain('javascript');
    expect(code.headers.get('cache-control')).toContain('immutable');
    await code.arrayBuffer();

    // A tab still on the release before asks for a file of its own: told it is gone (its page then reloads),
    // not handed index.html as a script.
    const gone = await fetch(`${t.url}/assets/ProfilePage-0ld0ld0l.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/json');
    expect((await gone.json()).error).toBe('Route GET /assets/ProfilePage-0ld0ld0l.js not found');
  });
});
