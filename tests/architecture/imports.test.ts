import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CREDIT_COMMAND_TYPES } from '../../services/credits/decider.ts';
import { folderCycles, folderOf, importEdges, walk } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const edges = importEdges(root, ['services', 'projections', 'workers', 'bin', 'migrations']);
const show = (list: { from: string; to: string }[]) => list.map((e) => `${e.from} -> ${e.to}`);

/**
 * The layers, bottom up: platform -> eventstore -> the slices' domain (events, deciders) ->
 * projections (read models and their queries) -> the slices' routes and the HTTP app -> workers -> bin.
 * Read models know the events' shapes (type imports); slices call the read models' queries.
 */
describe('imports point one way', () => {
  it('finds the project files (the check reads something)', () => {
    expect(edges.length).toBeGreaterThan(300);
  });

  it('nothing outside the HTTP layer and the entry points imports services/http', () => {
    const bad = edges.filter((e) => e.to.startsWith('services/http/') && !e.from.startsWith('services/http/') && !e.from.startsWith('bin/'));
    expect(show(bad)).toEqual([]);
  });

  it('services and projections never import the workers', () => {
    const bad = edges.filter((e) => e.to.startsWith('workers/') && /^(services|projections)\//.test(e.from));
    expect(show(bad)).toEqual([]);
  });

  it('only the entry points import bin/', () => {
    const bad = edges.filter((e) => e.to.startsWith('bin/') && !e.from.startsWith('bin/'));
    expect(show(bad)).toEqual([]);
  });

  it('platform imports nothing of the project but itself', () => {
    const bad = edges.filter((e) => e.from.startsWith('services/platform/') && !e.to.startsWith('services/platform/'));
    expect(show(bad)).toEqual([]);
  });

  it('read models use only the event store, the platform and the slices\' events (types) from services', () => {
    const allowed = (e: { to: string; typeOnly: boolean }) =>
      /^services\/(eventstore|platform)\//.test(e.to) || /\/events\.ts$/.test(e.to) || (e.typeOnly && /^services\/[^/]+\/(schemas|json-schema)\.ts$/.test(e.to));
    const bad = edges.filter((e) => e.from.startsWith('projections/') && e.to.startsWith('services/') && !allowed(e));
    expect(show(bad)).toEqual([]);
  });

  it('has no loop between two slices of services, counting type imports', () => {
    const within = edges.filter((e) => e.from.startsWith('services/') && e.to.startsWith('services/'));
    expect(folderCycles(within, (p) => folderOf(p, 2))).toEqual([]);
  });

  it('has no loop between files, counting type imports', () => {
    expect(folderCycles(edges, (p) => p)).toEqual([]);
  });
});

describe('the credits have one front door', () => {
  const files = ['services', 'projections', 'workers', 'bin', 'bench', 'tests', 'web/src'].flatMap((folder) => walk(join(root, folder)).map((f) => relative(root, f)));
  const named = new RegExp(`\\b(${CREDIT_COMMAND_TYPES.join('|')})\\b`);

  it('reads the files it checks', () => {
    expect(files.filter((f) => f.startsWith('services/credits/')).length).toBeGreaterThan(5);
    expect(named.test(`{ type: '${CREDIT_COMMAND_TYPES[1]}', data }`)).toBe(true);
    expect(named.test('useSetAlertsModal')).toBe(false);
  });

  it('no file outside services/credits names a credit command: everything else calls the credits\' functions (commands.ts)', () => {
    const bad = files.filter((f) => !f.startsWith('services/credits/') && named.test(readFileSync(join(root, f), 'utf8')));
    expect(bad).toEqual([]);
  });
});
