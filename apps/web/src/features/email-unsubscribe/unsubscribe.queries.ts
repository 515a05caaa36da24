import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** POST /api/notifications/unsubscribe/:token: no session needed, the token says who and what. */
export function useUnsubscribeEmail() {
  return useMutation({
    mutationFn: (token: string) => call('unsubscribeEmail', { params: { token } }),
  });
}

/**
 * What a mailed token turns off, read from the token itself (`{user}.{topic}.{signature}`), so
 * the page can ask before it does anything; the server checks the signature.
 */
export function topicOf(token: string): string | undefined {
  return /^\d{1,10}\.([a-z_]{1,40})\.[A-Za-z0-9_-]{43}$/.exec(token)?.[1];
}
