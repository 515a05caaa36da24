import { useEffect, useState } from 'react';

/**
 * What idle work waits for besides the page's load event: set once by the app's start
 * (app/start.tsx: the first screen rendered and its images painted, then a second more). Until
 * then, and where nothing sets it (unit tests), idle work waits for the load event alone.
 */
let firstScreenSettled: Promise<void> = Promise.resolve();

/** Makes idle work wait for `settled` too (app/start.tsx, once per page). */
export function deferIdleWorkUntil(settled: Promise<void>): void {
  firstScreenSettled = settled;
}

/** Resolves once every image on the page that is not lazy has loaded (or failed). */
export function eagerImagesLoaded(): Promise<void> {
  const pending = [...document.images].filter(
    (image) => !image.complete && image.loading !== 'lazy',
  );
  return Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * Runs `callback` once the page has finished loading, the first screen has settled, and the
 * browser has a moment to spare (or after `timeoutMs` of waiting for that moment): for work the
 * first screen does not need, such as the snackbar host or the realtime socket, which would
 * otherwise share a slow phone's network and CPU with it. Answers a function that cancels it.
 */
export function whenIdleAfterLoad(callback: () => void, timeoutMs = 2_000): () => void {
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(callback, 0);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  const afterLoad = () => void firstScreenSettled.then(schedule);
  if (document.readyState === 'complete') {
    afterLoad();
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }
  window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    cancelIdle();
  };
}

/**
 * True once the page has loaded and the browser is idle (`whenIdleAfterLoad`): for what the
 * first screen does not need (the snackbar host, the background effects, the bell).
 */
export function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  return idle;
}
