import '../../i18n/copyright-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import copyright from '../../i18n/locales/en/copyright.json';

/** The copyright screens' texts join the translations when one of them loads. */
await addTexts(
  'copyright',
  copyright,
  import.meta.glob(['../../i18n/locales/*/copyright.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
