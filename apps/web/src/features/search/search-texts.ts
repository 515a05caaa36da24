import { addTexts } from '../../i18n/index.ts';
import search from '../../i18n/locales/en/search.json';

/** The search screen's texts join the translations when the screen loads, not with the first page. */
await addTexts(
  'search',
  search,
  import.meta.glob(['../../i18n/locales/*/search.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
