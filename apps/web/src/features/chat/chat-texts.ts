import { i18n } from '../../i18n/index.ts';
import chat from '../../i18n/locales/en/chat.json';

/**
 * The messaging texts join the translations when chat code loads (a chat or list screen, a
 * profile's message button), not with the first page: the home route's bundle budget has no
 * room for texts it never shows.
 */
i18n.addResourceBundle('en', 'translation', { chat }, true, false);
