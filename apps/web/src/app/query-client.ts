import { QueryCache, QueryClient } from '@tanstack/react-query';
import { authKeys, sessionEndedOnPurpose } from '../features/auth/index.ts';
import { isApiError } from '../lib/api.ts';
import { staleTimes } from '../lib/query-policy.ts';

/** 4xx answers are final (retrying a 404 or 403 cannot help); network faults get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // A session that expired mid-use: mark the user signed out so the guard sends them to sign
        // in. Not one the page ended itself: it shows its answer until the person leaves.
        if (isApiError(error, 'unauthenticated') && !sessionEndedOnPurpose(queryClient))
          queryClient.setQueryData(authKeys.me, null);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: staleTimes.default },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

let appClient: QueryClient | undefined;

/**
 * The app's one client: main.tsx fills it with the first screen's data before React renders,
 * and Providers hands the same client to the screens. Tests pass their own to Providers.
 */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}
