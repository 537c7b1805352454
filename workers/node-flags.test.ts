import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_NODE_FLAGS } from './node-flags.ts';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the worker processes our users run', () => {
  it("start with the workers' Node flags, wherever they are started", () => {
    const flags = WORKER_NODE_FLAGS.map((f) => `"${f}"`).join(', ');
    const compose = read('docker-compose.yml');
    const workerCommands = compose.match(/command: \[.*dist\/bin\/worker\.js"\]/g) ?? [];
    expect(workerCommands.length).toBeGreaterThanOrEqual(2);
    for (const command of workerCommands) expect(command).toBe(`command: ["node", ${flags}, "dist/bin/worker.js"]`);
    expect(read('Dockerfile')).toContain(`CMD ["node", ${flags}, "dist/bin/start.js"]`);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts['start:prod']).toBe(`NODE_ENV=production node ${WORKER_NODE_FLAGS.join(' ')} dist/bin/start.js`);
  });
});
