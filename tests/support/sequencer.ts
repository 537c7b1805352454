import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What makes a file long whatever its size: processes or servers of its own, a browser, the benchmark. */
const LONG = /spawn(Api|Worker|Entry)\(|startPrimaryAndReplica\(|startRedisCluster\(|workerBrowser\(|bench\/run\.ts/;

/**
 * Long files first, so that the workers finish together instead of one of them running a long file
 * alone at the end. Vitest orders by the durations of the last run when it has them; a fresh clone has
 * none, and vitest would then order by size, which puts small but long files (the benchmark's smoke
 * run, the fault tests) last: without durations, files that start processes or a browser go first.
 */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = files.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`));
    if (known) return super.sort(files);
    const weight = (f: TestSpecification) => (LONG.test(readFileSync(f.moduleId, 'utf8')) ? 1e9 : 0) + statSync(f.moduleId).size;
    const weights = new Map(files.map((f) => [f, weight(f)]));
    return [...files].sort((a, b) => weights.get(b)! - weights.get(a)!);
  }
}
