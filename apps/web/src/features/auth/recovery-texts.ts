import '../../i18n/account-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import recovery from '../../i18n/locales/en/recovery.json';

/**
 * The texts of the mailed links' screens (forgot and reset password, confirm an address) join
 * the translations when one of them loads: the first page has no room for screens most visits
 * never open.
 */
await addTexts(
  'recovery',
  recovery,
  import.meta.glob(['../../i18n/locales/*/recovery.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
