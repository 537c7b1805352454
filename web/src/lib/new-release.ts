const RELOADED_AT = 'ab:reloaded-for-new-release';
/** A reload that did not bring the page's code back within this long is not tried again: the error shows. */
const AGAIN_AFTER_MS = 10_000;

/**
 * A page whose code is no longer on the server (a new release was deployed since this tab loaded the
 * app, and its files have other names) loads the app again, once, at the page the visitor was going to
 * (`going`), so that the new release's files are used. Vite raises `vite:preloadError` when a page's
 * code cannot be loaded.
 */
export function reloadOnNewRelease(going: () => string, win: Window = window): void {
  win.addEventListener('vite:preloadError', (event) => {
    try {
      if (Date.now() - Number(win.sessionStorage.getItem(RELOADED_AT) ?? 0) < AGAIN_AFTER_MS) return;
      win.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // No session storage (a privacy mode): reload all the same, at the risk of a second reload.
    }
    event.preventDefault();
    win.location.assign(going());
  });
}
