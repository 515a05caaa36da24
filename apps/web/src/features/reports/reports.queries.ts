import type { CreateReportBody } from '@glimpse/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** POST /api/reports: one report of a story, message, user or stream. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) => call('createReport', { body }),
  });
}
