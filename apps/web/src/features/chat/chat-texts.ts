import '../../i18n/messaging-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import chat from '../../i18n/locales/en/chat.json';

/**
 * The messaging texts join the translations when chat code loads (a chat or list screen, a
 * profile's message button), not with the first page: the home route's bundle budget has no
 * room for texts it never shows.
 */
await addTexts(
  'chat',
  chat,
  import.meta.glob(['../../i18n/locales/*/chat.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
