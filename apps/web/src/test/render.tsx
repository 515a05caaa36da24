import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Providers } from '../app/providers.tsx';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** Tracks where the router is, for assertions on redirects. */
export const currentLocation = { pathname: '', search: '' };

function Routes({ routes }: { routes: RouteObject[] }) {
  const { pathname, search } = useLocation();
  // In the commit that shows the new route, not after it: a test that waited for the route's
  // text reads the location next, and passive effects may not have run by then.
  useLayoutEffect(() => {
    Object.assign(currentLocation, { pathname, search });
  }, [pathname, search]);
  return useRoutes(routes);
}

/**
 * Renders routes inside the app providers and a memory router starting at `path`. The providers
 * mount the snackbar host a moment after the first render, as the app does: a test finds its
 * snackbars there, and one that adds a Toaster of its own would see each of them twice.
 */
export function renderRoutes(routes: RouteObject[], path: string, queryClient = testQueryClient()) {
  const result = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes routes={routes} />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient, location: currentLocation };
}

interface Options {
  path?: string;
  /** Route pattern the element is mounted at (for useParams). */
  pattern?: string;
  queryClient?: QueryClient;
  /** Extra routes to land on, to assert navigation. */
  extraRoutes?: RouteObject[];
}

/** Renders one screen at `pattern`, plus any landing routes. */
export function renderScreen(ui: ReactElement, options: Options = {}) {
  return renderRoutes(
    [{ path: options.pattern ?? '*', element: ui }, ...(options.extraRoutes ?? [])],
    options.path ?? '/',
    options.queryClient,
  );
}

export function landing(path: string): RouteObject {
  return { path, element: <p>landed on {path}</p> };
}
