import { i18n } from '../../i18n/index.ts';
import blocking from '../../i18n/locales/en/blocking.json';

/**
 * Blocking texts join the translations when a screen offering it loads (a profile, a chat, the
 * blocked list), not with the first page.
 */
i18n.addResourceBundle('en', 'translation', { blocking }, true, false);
