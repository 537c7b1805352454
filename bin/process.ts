/**
 * How an entry point lives and ends: SIGINT/SIGTERM close it gracefully (exit 0), or exit anyway after
 * `graceMs` when a store does not answer; a stray rejected promise is logged, never fatal (a lost
 * connection must not end the process). A crash (an exception nobody caught) still exits 1, and the
 * supervisor (systemd, Docker) starts the process again: every part is safe to kill at any moment.
 */
export function supervise(close: () => Promise<unknown>, log: (msg: string, err?: unknown) => void, graceMs = 10_000): void {
  process.on('unhandledRejection', (reason) => log('unhandled rejection (ignored)', reason));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        log(`not closed within ${graceMs} ms: exiting anyway`);
        process.exit(0);
      }, graceMs).unref();
      close().finally(() => process.exit(0));
    });
  }
}

export const stderrLog = (name: string) => (msg: string, err?: unknown) =>
  console.error(JSON.stringify({ level: 'error', name, msg, err: err instanceof Error ? err.message : err === undefined ? undefined : String(err) }));
