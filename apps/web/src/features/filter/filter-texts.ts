import { addTexts } from '../../i18n/index.ts';
import filter from '../../i18n/locales/en/filter.json';

/** The filter dialog's texts load with it (it is fetched when it first opens), not up front. */
await addTexts(
  'filter',
  filter,
  import.meta.glob(['../../i18n/locales/*/filter.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
