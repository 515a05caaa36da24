import '../../i18n/copyright-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import appeals from '../../i18n/locales/en/appeals.json';

/** The appeal dialog's, the suspension appeal's and the console tab's texts, with their screens. */
await addTexts(
  'appeals',
  appeals,
  import.meta.glob(['../../i18n/locales/*/appeals.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
