import { addTexts } from '../../i18n/index.ts';
import standing from '../../i18n/locales/en/standing.json';

/** The standing screen's texts join the translations when its chunk loads. */
await addTexts(
  'standing',
  standing,
  import.meta.glob(['../../i18n/locales/*/standing.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
