import type {
  CopyrightNoticeBody,
  CopyrightNoticeStatus,
  CounterNoticeBody,
} from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const copyrightKeys = {
  own: ['copyright', 'own'] as const,
  claimant: (token: string) => ['copyright', 'claimant', token] as const,
  console: (status: CopyrightNoticeStatus | 'all') => ['copyright', 'console', status] as const,
};

/** POST /api/copyright/notices: works signed out. */
export function useFileNotice() {
  return useMutation({
    mutationFn: (body: CopyrightNoticeBody) => call('createCopyrightNotice', { body }),
  });
}

export function useOwnNotices() {
  return useQuery({
    queryKey: copyrightKeys.own,
    queryFn: ({ signal }) => call('ownCopyrightNotices', undefined, { signal }),
  });
}

export function useCounterNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CounterNoticeBody }) =>
      call('counterCopyrightNotice', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: copyrightKeys.own }),
  });
}

export function useClaimantNotice(token: string) {
  return useQuery({
    queryKey: copyrightKeys.claimant(token),
    queryFn: ({ signal }) => call('claimantNotice', { query: { token } }, { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useReportCourtAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('reportCourtAction', { body: { token } }),
    onSuccess: (notice) => queryClient.setQueryData(copyrightKeys.claimant(token), notice),
  });
}

export function useConsoleNotices(status: CopyrightNoticeStatus | 'all') {
  return useQuery({
    queryKey: copyrightKeys.console(status),
    queryFn: ({ signal }) =>
      call('consoleCopyrightNotices', { query: status === 'all' ? {} : { status } }, { signal }),
  });
}

export function useRejectNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      call('rejectCopyrightNotice', { params: { id }, body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['copyright', 'console'] }),
  });
}
