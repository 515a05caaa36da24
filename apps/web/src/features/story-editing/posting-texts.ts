import { i18n } from '../../i18n/index.ts';
import posting from '../../i18n/locales/en/posting.json';

/**
 * The posting flow's texts (also the story editor's) join the translations when that code
 * loads; the first page carries only the "New story" label (i18n/resources.ts).
 */
i18n.addResourceBundle('en', 'translation', { posting }, true, false);
