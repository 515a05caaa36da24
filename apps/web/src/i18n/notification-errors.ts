import { addTexts } from './index.ts';
import notificationErrors from './locales/en/errors-notifications.json';

/**
 * The texts of the notifications' error keys join `errors.*` when the notifications screens
 * load: only they can meet them, and the home route's first load has no room for them.
 */
await addTexts(
  'errors',
  notificationErrors,
  import.meta.glob(['./locales/*/errors-notifications.json', '!./locales/en/*'], {
    import: 'default',
  }),
);
