import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../ui/Spinner.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/** A new screen starts at the top (the declarative router has no scroll restoration). */
function useScrollToTopOnNavigate(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * The mobile-first column: full width on phones, a centred ~480 px card up to 1024 px. From
 * there the page is the layouts' own: signed-in screens spread out beside the navigation rail
 * (SignedInLayout), the others keep the card (NarrowColumn).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(pathname);
  return (
    <div
      data-screen-root
      className="mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-white sm:shadow-lg lg:max-w-none lg:shadow-none"
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white p-3 focus-visible:not-sr-only focus-visible:absolute focus-visible:top-2 focus-visible:left-2"
      >
        {t('common.skipToContent')}
      </a>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
}
