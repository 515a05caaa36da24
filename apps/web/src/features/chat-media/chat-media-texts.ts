import { i18n } from '../../i18n/index.ts';
import chatMedia from '../../i18n/locales/en/chat-media.json';

/**
 * Voice, chat story and chat camera texts join the translations when this feature's code loads
 * (the chat screen's chunk), not with the first page.
 */
i18n.addResourceBundle('en', 'translation', { chatMedia }, true, false);
