import { describe, expect, it } from 'vitest';
import { AppendGroups } from './append-groups.ts';
import type { ChainedAppend } from './chained-append.ts';
import type { AppendResult } from './types.ts';

const written = {} as AppendResult;
const append = (streamId: string) => ({ streamId }) as ChainedAppend;
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Two turns: an answer's callers run in the first, and what they set off goes at its end. */
const settle = async () => {
  await turn();
  await turn();
};

/**
 * AppendGroups whose statements wait until the test answers them (the oldest first), so that what goes
 * in which statement, and how many are on their way at once, is seen exactly.
 */
function groups(limit: number, stallMs: number) {
  const onTheWay: (() => void)[] = [];
  const sent: { streams: string[]; onTheWay: number }[] = [];
  /** When each statement was sent (performance.now()). */
  const sentAt: number[] = [];
  const statement = <T>(appends: ChainedAppend[], answer: T) =>
    new Promise<T>((resolve) => {
      onTheWay.push(() => resolve(answer));
      sent.push({ streams: appends.map((a) => a.streamId), onTheWay: onTheWay.length });
      sentAt.push(performance.now());
    });
  const g = new AppendGroups(
    (a) => statement([a], written),
    (group) => statement(group, group.map(() => written)),
    limit,
    stallMs,
  );
  return { g, sent, sentAt, onTheWay, answerOldest: () => onTheWay.shift()?.() };
}

describe('group commit: which appends go together', () => {
  // The stall is far off in these two (a loaded machine must not make what waits go early).
  it('sends the appends of one turn as one statement, and with them those its answers set off: 8 loops in step write 8 a statement', async () => {
    const { g, sent, answerOldest } = groups(2, 60_000);
    let running = 8;
    for (let l = 0; l < 8; l++) {
      void (async () => {
        for (let r = 0; r < 20; r++) await g.run(append(`s-${l}`));
        running--;
      })();
    }
    while (running > 0) {
      await turn();
      answerOldest();
    }
    expect(sent).toHaveLength(20);
    for (const s of sent) expect({ size: s.streams.length, onTheWay: s.onTheWay }).toEqual({ size: 8, onTheWay: 1 });
  });

  it('sends appends of later turns at once while fewer than the limit are on their way; past it they wait, then go together', async () => {
    const { g, sent, answerOldest } = groups(2, 60_000);
    const results = [g.run(append('a'))];
    await turn();
    results.push(g.run(append('b')));
    await turn();
    expect(sent).toEqual([
      { streams: ['a'], onTheWay: 1 },
      { streams: ['b'], onTheWay: 2 },
    ]);
    results.push(g.run(append('c')), g.run(append('d')), g.run(append('c')));
    await turn();
    expect(sent).toHaveLength(2);
    answerOldest();
    await settle();
    // A second append to a stream waits for the next statement: never two of one stream in one.
    expect(sent.slice(2)).toEqual([{ streams: ['c', 'd'], onTheWay: 2 }]);
    answerOldest();
    await settle();
    expect(sent.slice(3)).toEqual([{ streams: ['c'], onTheWay: 2 }]);
    answerOldest();
    answerOldest();
    expect(await Promise.all(results)).toEqual(results.map(() => written));
  });

  it('sends what waits after the stall time when those on their way are not answered (a row another transaction holds)', async () => {
    const { g, sent, sentAt } = groups(1, 20);
    void g.run(append('slow'));
    await turn();
    const waitedFrom = performance.now();
    void g.run(append('next'));
    const deadline = Date.now() + 5000;
    while (sent.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    // Beyond the limit (two on their way), and not before the stall time.
    expect(sent[1]).toEqual({ streams: ['next'], onTheWay: 2 });
    expect(sentAt[1] - waitedFrom).toBeGreaterThanOrEqual(19);
  });
});
