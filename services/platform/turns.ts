/**
 * Work on one key, one piece at a time in this process; work on different keys runs side by side.
 * Writers that would clash on one stream (and read again and decide again, each retry a wasted read and
 * append) take turns here instead; across processes the stream's expected version still decides.
 */
export class Turns {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` once every earlier `fn` of `key` has settled; its outcome is `fn`'s. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const mine = (before ?? Promise.resolve()).then(fn, fn);
    const tail = mine.catch(() => {});
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      // The last in line leaves no entry behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with work running or waiting (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
