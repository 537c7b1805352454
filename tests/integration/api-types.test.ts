import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../bin/gen-api-types.ts';
import { startApp, type TestApp } from '../support/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startApp({ workers: false, env: { SERVE_WEB: '0' } });
});

afterAll(async () => {
  await app?.close();
});

describe('web contract types', () => {
  it('the committed web/src/lib/api-types.ts equals a fresh generation from the route schemas', async () => {
    const [committed, fresh] = await Promise.all([readFile(API_TYPES_FILE, 'utf8'), apiTypesSource(app.app)]);
    expect(fresh).toContain('"/api/me/profile"');
    expect(committed === fresh, 'web/src/lib/api-types.ts is out of date with the route schemas: run `npm run gen:api` and commit the result').toBe(true);
  });
});
