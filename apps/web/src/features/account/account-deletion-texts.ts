import '../../i18n/account-errors.ts';
import '../../i18n/two-factor-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import accountDeletion from '../../i18n/locales/en/account-deletion.json';

/**
 * Deleting the account and keeping it: the texts join the translations with the security
 * screen's section or the banner of an account being deleted, not with the first page.
 */
await addTexts(
  'accountDeletion',
  accountDeletion,
  import.meta.glob(['../../i18n/locales/*/account-deletion.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
