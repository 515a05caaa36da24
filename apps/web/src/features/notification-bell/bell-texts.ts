import { addTexts } from '../../i18n/index.ts';
import bell from '../../i18n/locales/en/notification-bell.json';

/** The bell's name joins the translations with its chunk, once the page is idle. */
await addTexts(
  'notificationBell',
  bell,
  import.meta.glob(['../../i18n/locales/*/notification-bell.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
