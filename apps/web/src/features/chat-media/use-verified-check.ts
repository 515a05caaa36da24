import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { authKeys, useCurrentUser } from '../auth/index.ts';

/**
 * Spec 5 "Chat story post": the price field is open to users with a verification date, and a
 * price above 0 needs a passed check (GET /api/verification/check) right before posting. A pass
 * refreshes the current user, so a date set meanwhile (in another tab) opens the field.
 */
export function useVerifiedCheck() {
  const queryClient = useQueryClient();
  const verified = Boolean(useCurrentUser().verifyOndatoAt);

  async function check(): Promise<boolean> {
    try {
      const { verified: passed } = await call('checkVerification');
      if (passed) await queryClient.invalidateQueries({ queryKey: authKeys.me });
      return passed;
    } catch {
      // Unreachable: posting goes ahead on what is known, and the server checks again anyway.
      return verified;
    }
  }

  return { verified, check };
}
