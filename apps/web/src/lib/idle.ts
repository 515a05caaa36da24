/**
 * Runs `callback` once the page has finished loading and the browser has a moment to spare
 * (or after `timeoutMs` of waiting for that moment): for work the first screen does not need,
 * such as the snackbar host or the realtime socket. Answers a function that cancels it.
 */
export function whenIdleAfterLoad(callback: () => void, timeoutMs = 2_000): () => void {
  let cancelIdle = () => undefined as void;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(callback, 0);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
