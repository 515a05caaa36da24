import { i18n } from '../../i18n/index.ts';
import filter from '../../i18n/locales/en/filter.json';

/** The filter dialog's texts load with it (it is fetched when it first opens), not up front. */
i18n.addResourceBundle('en', 'translation', { filter }, true, false);
