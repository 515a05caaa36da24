import { addTexts } from '../../i18n/index.ts';
import subscribers from '../../i18n/locales/en/subscribers.json';

/**
 * The subscriber list's texts join the translations when its chunk loads, not with the first
 * page: the home route's bundle budget has no room for texts only this screen shows.
 */
await addTexts(
  'subscribers',
  subscribers,
  import.meta.glob(['../../i18n/locales/*/subscribers.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
