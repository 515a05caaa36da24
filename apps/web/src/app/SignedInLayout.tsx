import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/Spinner.tsx';
import { IdleBackground } from './IdleBackground.tsx';
import { NavigationRail } from './NavigationRail.tsx';

/**
 * Every signed-in screen. On a phone (below 1024 px) just the screen, in RootLayout's column.
 * On a desktop the navigation rail on the left and the screen beside it, in the width its
 * child layout gives (ScreenArea). The rail lives here so it stays mounted between screens of
 * either width.
 */
export function SignedInLayout() {
  return (
    <div className="flex flex-1 flex-col lg:flex-row">
      <NavigationRail />
      <IdleBackground />
      <Outlet />
    </div>
  );
}

const AREA_WIDTH = {
  /**
   * A column up to 1000 px wide, centred in the room the rail leaves: lists, forms, profiles.
   * A screen that marks itself `data-screen-wide` (messaging's list beside the open chat) takes
   * all the room instead, so no empty strip is left between the rail and it.
   */
  column: 'lg:mx-auto lg:max-w-[62.5rem] lg:has-[[data-screen-wide]]:max-w-none',
  /** All the room the rail leaves: a stage that fills the screen (watching a live stream). */
  full: '',
} as const;

/** The area beside the rail that a signed-in screen is drawn in, column or full width. */
export function ScreenArea({ width }: { width: keyof typeof AREA_WIDTH }) {
  return (
    <div data-screen-area={width} className={`flex min-w-0 flex-1 flex-col ${AREA_WIDTH[width]}`}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
