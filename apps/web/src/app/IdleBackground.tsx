import { lazy, Suspense } from 'react';
import { useIdleAfterLoad } from '../lib/idle.ts';

const BackgroundEffects = lazy(() =>
  import('./background-effects.tsx').then((m) => ({ default: m.BackgroundEffects })),
);

/**
 * What every signed-in screen does without showing anything of its own (live balance, finishing
 * a purchase after a top-up, the notice after an identity check), loaded once the page is idle:
 * none of it is needed for the first screen, and the home route's bundle budget has no room.
 */
export function IdleBackground() {
  const idle = useIdleAfterLoad();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <BackgroundEffects />
    </Suspense>
  );
}
