import '../../i18n/messaging-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import chatMedia from '../../i18n/locales/en/chat-media.json';

/**
 * Voice, chat story and chat camera texts join the translations when this feature's code loads
 * (the chat screen's chunk), not with the first page.
 */
await addTexts(
  'chatMedia',
  chatMedia,
  import.meta.glob(['../../i18n/locales/*/chat-media.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
