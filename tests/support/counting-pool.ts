import type pg from 'pg';

/** The pool, counting the statements sent through its `query` (one a round trip). */
export function countingPool(pool: pg.Pool): { pool: pg.Pool; statements: () => number } {
  let n = 0;
  const counted = new Proxy(pool, {
    get(target, key, receiver) {
      if (key === 'query') return (...args: Parameters<pg.Pool['query']>) => (n++, (target.query as (...a: unknown[]) => unknown)(...args));
      return Reflect.get(target, key, receiver);
    },
  });
  return { pool: counted, statements: () => n };
}
