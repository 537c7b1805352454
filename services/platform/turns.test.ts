import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs work on one key one at a time, in the order it came, and work on other keys beside it', async () => {
    const turns = new Turns();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (key: string, name: string) =>
      turns.run(key, async () => {
        running++;
        most = Math.max(most, running);
        log.push(`${name} start`);
        await tick();
        await tick();
        log.push(`${name} end`);
        running--;
        return name;
      });
    const answers = await Promise.all([work('a', 'a1'), work('a', 'a2'), work('b', 'b1'), work('a', 'a3')]);
    expect(answers).toEqual(['a1', 'a2', 'b1', 'a3']);
    const ofA = log.filter((l) => l.startsWith('a'));
    expect(ofA).toEqual(['a1 start', 'a1 end', 'a2 start', 'a2 end', 'a3 start', 'a3 end']);
    expect(most).toBe(2);
    expect(turns.size).toBe(0);
  });

  it('a failure is its own caller\'s: the next in line still runs', async () => {
    const turns = new Turns();
    const failed = turns.run('k', async () => {
      throw new Error('boom');
    });
    const next = turns.run('k', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(turns.size).toBe(0);
  });
});
