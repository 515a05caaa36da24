import '../../i18n/account-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import account from '../../i18n/locales/en/account.json';

/**
 * The account security texts join the translations when its screen or the unconfirmed-address
 * notice loads, not with the first page.
 */
await addTexts(
  'account',
  account,
  import.meta.glob(['../../i18n/locales/*/account.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
