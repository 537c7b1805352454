import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walk } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sources = walk(join(root, 'services')).map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

/**
 * A route's guards are its `onRequest` hooks, declared on the route (or added to its scope with
 * addHook('onRequest', ...)): what a route declares is what runs, and nothing moves hooks between
 * phases. A guard as a preHandler would run after Fastify validated the body, telling a visitor its shape.
 */
describe('guards run as declared', () => {
  it('reads the route files', () => {
    expect(sources.filter((s) => /routes\.ts$/.test(s.file)).length).toBeGreaterThan(20);
  });

  it('no route declares a preHandler (guards are onRequest hooks)', () => {
    expect(sources.filter((s) => /\bpreHandler\s*:/.test(s.text)).map((s) => s.file)).toEqual([]);
  });

  it('no file adds a guard as a preHandler hook', () => {
    const guardAsPreHandler = /addHook\(\s*['"]preHandler['"]\s*,\s*(app\.)?require/;
    expect(sources.filter((s) => guardAsPreHandler.test(s.text)).map((s) => s.file)).toEqual([]);
  });
});
