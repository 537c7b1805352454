import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '../support/db.ts';
import { deleteRedisPrefix, testConfig } from '../support/app.ts';
import { freePort, spawnApi, type Child } from '../support/processes.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let api: (Child & { url: string }) | null = null;
let config: ReturnType<typeof testConfig> | null = null;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  // The web app is built by `npm test` before the tests (rebuilding it here would pull it from under the browser tests).
  // `npm run build:server` as written, but its compiler does not type-check (--noCheck emits the same
  // files): type-checking is `npm run typecheck`'s, and was 21 of the compiler's 34 CPU-seconds here.
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['build:server'];
  const compile = 'tsc -p tsconfig.build.json';
  expect(script.startsWith(`${compile} && `), script).toBe(true);
  execFileSync('sh', ['-c', `npx ${compile} --noCheck${script.slice(compile.length)}`], { stdio: 'pipe' });
}, 180_000);

afterAll(async () => {
  await api?.kill();
  await db.drop();
  // The API's queues wrote their keys under the test's prefix.
  if (config) await deleteRedisPrefix(config.REDIS_PREFIX);
});

describe('production mode', () => {
  it('npm run build compiles the server to JavaScript that runs with plain node (no tsx) and serves the built web app', { timeout: 300_000 }, async () => {
    for (const file of ['dist/bin/api.js', 'dist/bin/worker.js', 'dist/bin/start.js', 'dist/migrations/001_event_store.sql', 'dist/migrations/functions/event-store.sql', 'dist/web/dist/index.html']) {
      expect(existsSync(file), file).toBe(true);
    }
    config = testConfig(db.url);
    api = await spawnApi(config, await freePort(), 'dist/bin/api.js', { NODE_ENV: 'production', SESSION_SECRET: 'a-production-test-secret-0123456789abcdef', SERVE_WEB: '1', DEV_LOGIN: '0', METRICS_TOKEN: 'a-metrics-token-for-tests' });
    expect(api.process.spawnargs.some((a) => a.includes('tsx'))).toBe(false);
    const page = await fetch(`${api.url}/pricing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await (await fetch(`${api.url}/api/auth/providers`)).json()).dev).toBe(false);
  });

  it('the Dockerfile copies what the build needs and docker-compose runs entry points the build emits', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const copied = [...dockerfile.matchAll(/^COPY (?!--)(\S+) \S+$/gm)].map((m) => m[1]);
    for (const path of copied) expect(existsSync(path), path).toBe(true);
    for (const dir of ['bin', 'services', 'projections', 'workers', 'migrations', 'web']) expect(copied).toContain(dir);
    const entries = [...readFileSync('docker-compose.yml', 'utf8').matchAll(/"(dist\/bin\/[\w-]+\.js)"/g), ...dockerfile.matchAll(/"(dist\/bin\/[\w-]+\.js)"/g)].map((m) => m[1]);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries) expect(existsSync(entry), entry).toBe(true);
  });

  it('docker-compose’s scale profile runs the proxy and two API replicas, each with a health check', () => {
    // Each service's block: from its two-space key to the next one.
    const blocks = new Map([...readFileSync('docker-compose.yml', 'utf8').matchAll(/^ {2}([\w-]+):[^\n]*\n((?: {4,}[^\n]*\n|\s*\n)*)/gm)].map((m) => [m[1], m[2]]));
    expect(blocks.get('api-2')).toBeDefined();
    for (const name of ['proxy', 'api-1', 'postgres', 'redis']) expect(blocks.get(name), name).toMatch(/^ {4}healthcheck:/m);
    expect(blocks.get('proxy')).toMatch(/api-1: \{ condition: service_healthy \}[\s\S]*api-2: \{ condition: service_healthy \}/);
  });
});
