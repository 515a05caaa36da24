import { i18n } from '../../i18n/index.ts';
import viewer from '../../i18n/locales/en/viewer.json';

/**
 * The story viewer's texts load with the viewer (fetched when it first opens), not with the
 * first page: the home route's bundle budget has no room for them. The profile's story ring
 * label is the one viewer text the first page carries (i18n/resources.ts).
 */
i18n.addResourceBundle('en', 'translation', { viewer }, true, false);
