import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at run time. */
  typeOnly: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

export function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** Every relative import between the project's source files, as paths relative to `root`. */
export function importEdges(root: string, folders: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const folder of folders) {
    for (const file of walk(join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[3] ?? m[4] ?? m[5];
        const target = resolve(dirname(file), spec);
        edges.push({ from: relative(root, file), to: relative(root, target), typeOnly: Boolean(m[2]) });
      }
    }
  }
  return edges;
}

/** The folder a file belongs to at a given depth: `services/orgs/decider.ts` at depth 2 is `services/orgs`. */
export const folderOf = (path: string, depth: number) => path.split('/').slice(0, depth).join('/');

/** Cycles between folders (as the folder names on the loop), found by depth-first search. */
export function folderCycles(edges: ImportEdge[], unit: (path: string) => string): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const a = unit(e.from);
    const b = unit(e.to);
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}
