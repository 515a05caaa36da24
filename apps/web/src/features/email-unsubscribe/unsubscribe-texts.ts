import '../../i18n/account-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import unsubscribe from '../../i18n/locales/en/unsubscribe.json';

/** The unsubscribe page's texts join the translations when it loads (a mailed link opens it). */
await addTexts(
  'unsubscribe',
  unsubscribe,
  import.meta.glob(['../../i18n/locales/*/unsubscribe.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
