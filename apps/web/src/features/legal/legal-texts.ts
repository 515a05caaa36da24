import { addTexts } from '../../i18n/index.ts';
import legal from '../../i18n/locales/en/legal.json';

/** The terms and privacy texts are long: they load with their pages only. */
await addTexts(
  'legal',
  legal,
  import.meta.glob(['../../i18n/locales/*/legal.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
