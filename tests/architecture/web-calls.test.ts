import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { walk } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const web = walk(join(root, 'web/src'))
  .map((f) => relative(root, f))
  .filter((f) => !f.startsWith('web/src/lib/') && !/\.test\.tsx?$/.test(f));

/** Paths, parameters, bodies and answers come from the generated contract (lib/api-contract.ts), never written by hand. */
describe('the web calls the API through the generated contract', () => {
  it('reads the web files', () => {
    expect(web.filter((f) => f.includes('/api/')).length).toBeGreaterThan(20);
  });

  it('no file outside web/src/lib calls apiFetch', () => {
    expect(web.filter((f) => /\bapiFetch\b/.test(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });
});

/** Numbers and dates look the same everywhere: written by lib/format (en-US), never by the browser's own locale. */
describe('the web writes numbers and dates through lib/format', () => {
  it('no file outside web/src/lib formats with toLocaleString or a formatter of its own', () => {
    const own = /\.toLocale(String|DateString|TimeString)\(|new Intl\.(NumberFormat|DateTimeFormat)/;
    expect(web.filter((f) => own.test(readFileSync(join(root, f), 'utf8')))).toEqual([]);
  });
});
