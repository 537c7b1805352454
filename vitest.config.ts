import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './tests/support/sequencer.ts';

/**
 * Two projects: `unit` needs no services (npm run test:unit), `services` runs against real Postgres and
 * Redis, on databases copied from one migrated template (tests/support/global-setup.ts).
 *
 * Three workers on two cores: a full run needs about 470 CPU-seconds (2026-11-28: node 291, Chromium 119,
 * Postgres 52, sampled from /proc), and with two workers the cores sat idle for a third of the run
 * (files wait on processes starting, Redis, the browser and timers); with three they are busy 95% of
 * it, and a fourth only made runs longer. Three files at once peaked at 47 Postgres connections of
 * the default 100. A worker imports the product
 * once and runs file after file (`isolate: false`): importing the product costs seconds, and every file
 * closes what it started. A module's state outlives a file there, which is what gives each worker one
 * browser (tests/support/browser.ts).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: a page's refetch after a command (the read models'
    // catch-up, the browser's turn on a busy machine) can take longer, and a poll is a wait for a
    // condition, so its bound is generous (a test that names its own keeps it).
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 3,
    isolate: false,
    sequence: { sequencer: LongFirstSequencer },
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['services/**/*.test.ts', 'projections/**/*.test.ts', 'workers/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tests/architecture/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'services',
          include: ['tests/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['tests/architecture/**'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
