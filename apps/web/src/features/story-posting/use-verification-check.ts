import { useQueryClient } from '@tanstack/react-query';
import { authKeys, fetchMe, useCurrentUser } from '../auth/auth.queries.ts';

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
        staleTime: 0,
      });
      return Boolean(fresh?.verifyOndatoAt);
    } catch {
      return verified;
    }
  }

  return { verified, check };
}
