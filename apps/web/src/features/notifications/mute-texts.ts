import { addTexts } from '../../i18n/index.ts';
import mute from '../../i18n/locales/en/notification-mute.json';

/** The profile menu's Mute notifications texts: a few lines, not the whole feature's. */
await addTexts(
  'notificationMute',
  mute,
  import.meta.glob(['../../i18n/locales/*/notification-mute.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
