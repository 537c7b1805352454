import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES, workerBrowser } from '../support/browser.ts';

/** The command lines of this process's children (Playwright starts the browser as one). */
function childCommandLines(): string[][] {
  const out: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid) out.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    } catch {
      // The process ended while it was read.
    }
  }
  return out;
}

describe('the test browser', () => {
  it("keeps every feature Playwright disables, though Chromium reads only the last --disable-features (ours)", async () => {
    await workerBrowser();
    const browser = childCommandLines().find((args) => args.includes('--remote-debugging-pipe'));
    expect(browser, 'the browser process of this worker').toBeDefined();
    const lists = browser!.filter((a) => a.startsWith('--disable-features=')).map((a) => a.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThanOrEqual(1);
    const effective = lists.at(-1)!;
    for (const earlier of lists.slice(0, -1)) expect(effective).toEqual(expect.arrayContaining(earlier));
    expect(effective).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });
});
