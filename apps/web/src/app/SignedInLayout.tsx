import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/Spinner.tsx';
import { IdleBackground } from './IdleBackground.tsx';
import { NavigationRail } from './NavigationRail.tsx';

/**
 * Every signed-in screen. On a phone (below 1024 px) just the screen, in RootLayout's column.
 * On a desktop the navigation rail on the left and the screen beside it, in a column up to
 * 1000 px wide, centred in the room the rail leaves.
 */
export function SignedInLayout() {
  return (
    <div className="flex flex-1 flex-col lg:flex-row">
      <NavigationRail />
      <IdleBackground />
      <div className="flex min-w-0 flex-1 flex-col lg:mx-auto lg:max-w-[62.5rem]">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
