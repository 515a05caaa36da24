import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadFirstRoute } from './first-route.ts';
import { appQueryClient } from './query-client.ts';

/** How long the first render waits for the screen's data before showing it loading. */
const FIRST_RENDER_WAIT_MS = 3_000;

/**
 * Renders the app once the first screen has its code and data (taking the responses the boot
 * code asked for), in a transition: one render of the finished screen, in slices the browser
 * can interleave with painting, instead of a spinner, then the screen, then its lists. The
 * loading wordmark of index.html stays until then. A slow answer stops the wait after a while.
 */
export async function start(container: HTMLElement): Promise<void> {
  const ready = preloadFirstRoute(appQueryClient(), window.location.pathname);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
