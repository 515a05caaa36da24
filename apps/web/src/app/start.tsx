import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadFirstRoute } from './first-route.ts';
import { deferIdleWorkUntil, eagerImagesLoaded } from '../lib/idle.ts';
import { appQueryClient } from './query-client.ts';

/** How long the first render waits for the screen's data before showing it loading. */
const FIRST_RENDER_WAIT_MS = 3_000;
/** After the first screen's images: a moment more before idle work (socket, snackbars) starts. */
const IDLE_AFTER_IMAGES_MS = 1_000;
/** Idle work starts after this long whatever the first screen is still loading. */
const IDLE_AT_THE_LATEST_MS = 10_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `onCommit` once the first render is on the screen. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * Renders the app once the first screen has its code and data (taking the responses the boot
 * code asked for), in a transition: one render of the finished screen, in slices the browser
 * can interleave with painting, instead of a spinner, then the screen, then its lists. The
 * loading wordmark of index.html stays until then. A slow answer stops the wait after a while.
 */
export async function start(container: HTMLElement): Promise<void> {
  let committed = () => undefined as void;
  const rendered = new Promise<void>((resolve) => (committed = resolve));
  const picturesShown = rendered.then(eagerImagesLoaded);
  const settled = picturesShown.then(() => delay(IDLE_AFTER_IMAGES_MS));
  deferIdleWorkUntil(Promise.race([settled, delay(IDLE_AT_THE_LATEST_MS)]));

  const ready = preloadFirstRoute(appQueryClient(), window.location.pathname);
  await Promise.race([ready, delay(FIRST_RENDER_WAIT_MS)]);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
        <Committed onCommit={committed} />
      </StrictMode>,
    );
  });
}
