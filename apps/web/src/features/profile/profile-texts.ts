import { addTexts } from '../../i18n/index.ts';
import profile from '../../i18n/locales/en/profile.json';

/**
 * The profile screens' texts join the translations when a profile screen loads, not with the
 * first page: the home route's bundle budget has no room for texts it never shows.
 */
await addTexts(
  'profile',
  profile,
  import.meta.glob(['../../i18n/locales/*/profile.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
