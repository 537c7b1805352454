import { describe, expect, it } from 'vitest';
import { reloadOnNewRelease } from './new-release';

/** A window as reloadOnNewRelease uses it: its events, its session storage and where it was sent. */
function fakeWindow() {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  const sent: string[] = [];
  const win = Object.assign(target, {
    sessionStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
    location: { assign: (href: string) => void sent.push(href) },
  });
  return { win: win as unknown as Window, sent };
}

const codeMissing = (win: Window) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  win.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('reloadOnNewRelease', () => {
  it("loads the app again at the page the visitor was going to, once: the same failure right after shows its error", () => {
    const { win, sent } = fakeWindow();
    let going = '/projects';
    reloadOnNewRelease(() => going, win);
    expect(codeMissing(win)).toBe(true);
    expect(sent).toEqual(['/projects']);
    // Loaded again and still missing (the server lost it): not again, or the tab would reload for ever.
    going = '/usage?from=2026-11-01';
    expect(codeMissing(win)).toBe(false);
    expect(sent).toEqual(['/projects']);
  });
});
