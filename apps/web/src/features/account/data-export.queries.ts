import type { DataExport } from '@glimpse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api.ts';
import { staleTimes } from '../../lib/query-policy.ts';

export const dataExportKeys = {
  all: ['account', 'data-exports'] as const,
};

/** How often the list is asked again while the newest export is being built. */
export const EXPORT_POLL_MS = 1_500;

export const isBuilding = (entry: DataExport | undefined) =>
  entry?.status === 'pending' || entry?.status === 'building';

/**
 * GET /api/users/me/exports: the user's exports, newest first. Polled while the newest one is
 * being built, so its progress moves and its download link appears without a reload.
 */
export function useDataExports() {
  return useQuery({
    queryKey: dataExportKeys.all,
    queryFn: ({ signal }) => call('dataExports', undefined, { signal }),
    staleTime: staleTimes.always,
    refetchInterval: (query) => (isBuilding(query.state.data?.[0]) ? EXPORT_POLL_MS : false),
  });
}

/** POST /api/users/me/exports: a new export, shown at once as the newest. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('requestDataExport'),
    onSuccess: (created) =>
      queryClient.setQueryData<DataExport[]>(dataExportKeys.all, (list) => [
        created,
        ...(list ?? []),
      ]),
    onSettled: (_created, error) => {
      // export_in_progress: one is being built already (another tab); the list shows it.
      if (!error || isApiError(error, 'export_in_progress'))
        void queryClient.invalidateQueries({ queryKey: dataExportKeys.all });
    },
  });
}
