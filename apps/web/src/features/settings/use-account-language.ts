import { useMutation } from '@tanstack/react-query';
import type { LanguageCode } from '../../i18n/index.ts';
import { call } from '../../lib/api.ts';

/**
 * PUT /api/users/me/language: the account's mails follow the language chosen here. The screen's
 * language has changed already; this only tells the server.
 */
export function useAccountLanguage() {
  return useMutation({
    mutationFn: (language: LanguageCode) => call('updateLanguage', { body: { language } }),
  });
}
