import type { CurrentUser, LoginBody, RegisterBody } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';
import { rememberSignedIn } from '../../lib/signed-in-hint.ts';
import { routes } from '../../routes.ts';

export const authKeys = {
  me: ['me'] as const,
};

/**
 * Query clients whose page ended its session on purpose (the account's deletion signs every
 * device out) and says so until the person leaves: the 401s its other requests now get are
 * expected, and must not send it to sign-in before they have read the answer. Held per client,
 * not as query data, which the cache would collect after gcTime while the answer is still up;
 * the next page load has a new client and starts without it.
 */
const endedOnPurpose = new WeakSet<QueryClient>();

export function markSessionEndedOnPurpose(queryClient: QueryClient): void {
  endedOnPurpose.add(queryClient);
}

export function sessionEndedOnPurpose(queryClient: QueryClient): boolean {
  return endedOnPurpose.has(queryClient);
}

/**
 * The signed-in user, or null when the session is missing or expired. Asked of /api/auth/session,
 * which answers an anonymous visitor with 200 and no user: /api/auth/me would answer 401, which
 * every browser logs as a console error on every anonymous page (docs/decisions.md).
 */
export async function fetchMe(): Promise<CurrentUser | null> {
  return (await call('session')).user;
}

export function useMe() {
  return useQuery({ queryKey: authKeys.me, queryFn: fetchMe, staleTime: staleTimes.me });
}

/** The signed-in user for screens behind the auth guard, which only render once it is known. */
export function useCurrentUser(): CurrentUser {
  const { data } = useMe();
  if (!data) throw new Error('useCurrentUser used outside the signed-in area');
  return data;
}

/** The user signed in: the cache knows them, and the next page load asks for their data early. */
export function rememberUser(queryClient: QueryClient, user: CurrentUser) {
  queryClient.setQueryData(authKeys.me, user);
  rememberSignedIn(true);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => call('login', { body }),
    // With a second factor set there is no session yet: the second step signs in.
    onSuccess: (answer) => {
      if (!('two_factor_required' in answer)) rememberUser(queryClient, answer);
    },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => call('register', { body }),
    // The server signs the new user in right away, so the answer is the session's user.
    onSuccess: (user) => rememberUser(queryClient, user),
  });
}

export function useSignOut() {
  return useMutation({
    mutationFn: () => call('logout'),
    onSuccess: () => {
      rememberSignedIn(false);
      // A full page load to sign-in drops every cache, socket and screen state of the old
      // session at once, and avoids the guard racing the navigation (and saving /me as "next").
      window.location.replace(routes['auth.signIn']());
    },
  });
}
