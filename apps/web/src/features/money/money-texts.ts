import '../../i18n/money-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import money from '../../i18n/locales/en/money.json';

/**
 * The paying dialogs' texts join the translations when this feature's code loads (the viewer,
 * a profile, the wallet), not with the first page: the home route's bundle budget has no room
 * for texts it never shows.
 */
await addTexts(
  'money',
  money,
  import.meta.glob(['../../i18n/locales/*/money.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
