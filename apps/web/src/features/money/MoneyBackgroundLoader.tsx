import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdleAfterLoad } from '../../lib/idle.ts';

const MoneyBackground = lazy(() =>
  import('./MoneyBackground.tsx').then((m) => ({ default: m.MoneyBackground })),
);

/**
 * The live balance and the purchase resume, loaded once the page is idle: neither is needed to
 * show the first screen, and the home route's bundle budget has no room for them.
 */
export function MoneyBackgroundLoader() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <MoneyBackground />
    </Suspense>
  );
}
