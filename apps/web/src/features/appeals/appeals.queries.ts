import type {
  AppealBody,
  DecideAppealBody,
  SuspendedAppealBody,
  SuspensionAppealBody,
} from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const appealKeys = {
  console: (status: 'open' | 'granted' | 'denied') => ['appeals', 'console', status] as const,
};

export function useFileAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) => call('createAppeal', { body }),
    // The standing screen shows each removed item's appeal.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'standing'] }),
  });
}

const suspendedStandingKey = (token: string) =>
  ['account', 'standing', 'suspended', token] as const;

/** A suspended account's standing, by the token its refused sign-in carried (no session). */
export function useSuspendedStanding(token: string) {
  return useQuery({
    queryKey: suspendedStandingKey(token),
    queryFn: ({ signal }) =>
      call('suspendedStanding', { body: { standing_token: token } }, { signal }),
    retry: false,
  });
}

/** Appeals by the same token: the suspension, or one of the account's taken-down items. */
export function useSuspendedAppeal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SuspendedAppealBody, 'standing_token'>) =>
      call('createSuspendedAppeal', { body: { ...body, standing_token: token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suspendedStandingKey(token) }),
  });
}

export function useSuspensionAppeal() {
  return useMutation({
    mutationFn: (body: SuspensionAppealBody) => call('createSuspensionAppeal', { body }),
  });
}

export function useConsoleAppeals(status: 'open' | 'granted' | 'denied') {
  return useQuery({
    queryKey: appealKeys.console(status),
    queryFn: ({ signal }) => call('consoleAppeals', { query: { status } }, { signal }),
  });
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideAppealBody }) =>
      call('decideAppeal', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['appeals', 'console'] }),
  });
}
