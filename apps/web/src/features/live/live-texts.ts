import '../../i18n/live-errors.ts';
import { i18n } from '../../i18n/index.ts';
import live from '../../i18n/locales/en/live.json';

/**
 * The live texts join the translations when live code loads (the Streams tab, the watch
 * screen, Go live), not with the first page: the home route's budget has no room for them.
 */
i18n.addResourceBundle('en', 'translation', { live }, true, false);
