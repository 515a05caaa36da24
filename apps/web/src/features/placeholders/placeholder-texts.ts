import { i18n } from '../../i18n/index.ts';
import placeholders from '../../i18n/locales/en/placeholders.json';

/** The placeholder screens' texts load with them, not with the first page. */
i18n.addResourceBundle('en', 'translation', { placeholders }, true, false);
