import { i18n } from '../../i18n/index.ts';
import subscribers from '../../i18n/locales/en/subscribers.json';

/**
 * The subscriber list's texts join the translations when its chunk loads, not with the first
 * page: the home route's bundle budget has no room for texts only this screen shows.
 */
i18n.addResourceBundle('en', 'translation', { subscribers }, true, false);
