/**
 * Node's flags for a process that runs the workers (a stand-alone worker, and the all-in-one process,
 * which runs them too): semi-spaces of 32 MB for V8's young generation instead of its 16. A catch-up
 * keeps each batch of the log it decoded (thousands of events) alive across the batch's round trips;
 * with the default semi-spaces the catch-up's process spent a sixth of its profile's samples collecting
 * garbage. In five alternating pairs of `BENCH_ONLY=projections` runs (2026-11-30, the machine of the
 * session of 07:33): the catch-up 37,034–43,397 events/s against 35,197–40,500, the rebuild
 * 33,455–42,512 against 31,672–42,121; each faster in 4 pairs of 5, by 6% on average.
 *
 * V8 sizes its heap when the process starts (`v8.setFlagsFromString` later changes nothing), so the flags
 * go on Node's command line: the compose file's worker commands, the Dockerfile's command and
 * `npm run start:prod` carry them (node-flags.test.ts checks they match this list), and the tests and
 * the bench start their workers with them. `npm start` (the demo, through tsx) leaves V8's default.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
