import '../../i18n/live-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import live from '../../i18n/locales/en/live.json';

/**
 * The live texts join the translations when live code loads (the Streams tab, the watch
 * screen, Go live), not with the first page: the home route's budget has no room for them.
 */
await addTexts(
  'live',
  live,
  import.meta.glob(['../../i18n/locales/*/live.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
