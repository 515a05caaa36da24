import { Suspense, useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { useOwnStoriesLiveUpdates } from '../features/own-stories/use-own-stories-live.ts';
import { PageSpinner } from '../ui/Spinner.tsx';
import { BottomNav } from './BottomNav.tsx';
import { BottomNavVisibilityContext } from '../ui/bottom-nav-visibility.ts';

/**
 * The top-level sections share the bottom navigation on a phone; deeper screens have their own
 * back header. On a desktop the bottom navigation hides: SignedInLayout's rail serves every screen.
 */
export function AppShell() {
  useOwnStoriesLiveUpdates();
  // How many full-screen views currently hide the bottom navigation (see bottom-nav-visibility).
  const [navHiders, setNavHiders] = useState(0);
  const changeNavHiders = useCallback((change: 1 | -1) => setNavHiders((n) => n + change), []);
  return (
    <BottomNavVisibilityContext value={changeNavHiders}>
      <div className="flex flex-1 flex-col">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
      {navHiders === 0 && <BottomNav />}
    </BottomNavVisibilityContext>
  );
}
