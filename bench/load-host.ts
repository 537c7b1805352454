// A load host: runs the benchmark's one-shot load scripts (bench/loadgen.ts, usage-load.ts, append-load.ts)
// one after another, each named with its spec on a line of standard input, and answers each result on a
// marked line of standard output (bench/children.ts, runJson). Node, tsx and the scripts' imports
// (autocannon, the event store) load once per host instead of once per scenario. Ends with its input.
import { createInterface } from 'node:readline';
import { RESULT_MARK, runHosted } from './children.ts';

/** A script named from the project's root (`bench/loadgen.ts`), found beside this host: in the project, or in the tree the tests transpiled (as `.js`). */
const root = new URL('../', import.meta.url);
const scriptUrl = (script: string) => new URL(import.meta.url.endsWith('.js') ? script.replace(/\.ts$/, '.js') : script, root).href;

let runs = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { script, spec } = JSON.parse(line) as { script: string; spec: unknown };
  try {
    // A fresh instance of the script's module each run (a query makes another module): its top level is the run.
    const result = await runHosted(spec, () => import(`${scriptUrl(script)}?run=${++runs}`));
    process.stdout.write(`${RESULT_MARK}${JSON.stringify({ result })}\n`);
  } catch (err) {
    process.stdout.write(`${RESULT_MARK}${JSON.stringify({ error: (err as Error)?.stack ?? String(err) })}\n`);
  }
}
