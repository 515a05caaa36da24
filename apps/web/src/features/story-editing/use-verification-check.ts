import { useQueryClient } from '@tanstack/react-query';
import { staleTimes } from '../../lib/query-policy.ts';
import { authKeys, fetchMe, useCurrentUser } from '../auth/index.ts';

/**
 * Identity verification (spec 1, 5): a user is verified once `verifyOndatoAt` is set. `check`
 * asks the server again (the user may have verified elsewhere meanwhile) and falls back to what
 * is known when it cannot.
 */
export function useVerificationCheck() {
  const queryClient = useQueryClient();
  const verified = Boolean(useCurrentUser().verifyOndatoAt);

  async function check(): Promise<boolean> {
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: authKeys.me,
        queryFn: fetchMe,
        staleTime: staleTimes.always,
      });
      return Boolean(fresh?.verifyOndatoAt);
    } catch {
      return verified;
    }
  }

  return { verified, check };
}
