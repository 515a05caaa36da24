import '../../i18n/notification-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import notifications from '../../i18n/locales/en/notifications.json';

/** The notifications screen's and settings' texts join the translations with their chunk. */
await addTexts(
  'notifications',
  notifications,
  import.meta.glob(['../../i18n/locales/*/notifications.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
