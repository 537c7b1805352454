import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * The product's processes that tests start (APIs, workers, the bench's helpers) run as JavaScript
 * transpiled once per run, not through tsx: tsx transforms every module again in each process, and a
 * started API cost 4.4-4.9 CPU-seconds that way against 2.2 compiled (the suite starts a few dozen).
 *
 * Each file is transpiled on its own (esbuild, every import left as it is, relative `.ts` imports
 * renamed `.js`), into `node_modules/.cache` so the files' bare imports find the project's packages,
 * in a folder named by the hash of the sources: runs of the same code share it, a run of other code
 * builds its own beside it, and a folder appears whole (built under another name, then renamed).
 * The files other than TypeScript (the migrations' SQL) are copied beside them; the one file read from
 * beside the sources that is not copied is the built web app, which the started processes do not serve
 * (SERVE_WEB=0; the production-build test runs `npm run build`'s output instead).
 */
const FOLDERS = ['bin', 'services', 'projections', 'workers', 'migrations', 'bench', 'tests/support'];
const CACHE = 'node_modules/.cache/ab-test-entries';
/** Trees no run has built or used for this long belong to code that is gone. */
const UNUSED_MS = 24 * 3600_000;

function sources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(relative(root, path));
    }
  };
  for (const folder of FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return out.sort();
}

/** Relative `.ts` imports become `.js`; every import stays an import (nothing is bundled). */
const keepImports: Plugin = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      return { path: args.path.startsWith('.') ? args.path.replace(/\.ts$/, '.js') : args.path, external: true };
    });
  },
};

/** Transpiles the tree (or finds it transpiled) and answers its root. */
export async function compileForTests(root: string): Promise<string> {
  const files = sources(root);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  const cache = join(root, CACHE);
  const out = join(cache, hash.digest('hex').slice(0, 16));
  if (existsSync(cache)) {
    for (const name of readdirSync(cache)) {
      const path = join(cache, name);
      if (path !== out && Date.now() - statSync(path).mtimeMs > UNUSED_MS) rmSync(path, { recursive: true, force: true });
    }
  }
  if (existsSync(out)) {
    utimesSync(out, new Date(), new Date());
    return out;
  }
  const building = `${out}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const code = files.filter((f) => f.endsWith('.ts'));
  await build({
    absWorkingDir: root,
    entryPoints: code,
    outdir: building,
    outbase: '.',
    bundle: true,
    plugins: [keepImports],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  for (const file of files.filter((f) => !f.endsWith('.ts'))) {
    mkdirSync(dirname(join(building, file)), { recursive: true });
    cpSync(join(root, file), join(building, file));
  }
  try {
    renameSync(building, out);
  } catch (err) {
    // Another run built the same tree at the same moment: theirs is as good as ours.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(out)) throw err;
  }
  return out;
}
