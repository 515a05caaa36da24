import { addTexts } from '../../i18n/index.ts';
import viewer from '../../i18n/locales/en/viewer.json';

/**
 * The story viewer's texts load with the viewer (fetched when it first opens), not with the
 * first page: the home route's bundle budget has no room for them. The profile's story ring
 * label is the one viewer text the first page carries (i18n/resources.ts).
 */
await addTexts(
  'viewer',
  viewer,
  import.meta.glob(['../../i18n/locales/*/viewer.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
