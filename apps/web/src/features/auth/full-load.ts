/**
 * A full page load at `path`: every cache, socket and screen state of the session the browser
 * had goes at once (signing out, or a reset that signed another session in).
 */
export function loadPageAt(path: string): void {
  window.location.replace(path);
}
