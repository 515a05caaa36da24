import '../../i18n/live-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import goLive from '../../i18n/locales/en/go-live.json';

/** The Go live screen's texts load with it, not with the first page. */
await addTexts(
  'goLive',
  goLive,
  import.meta.glob(['../../i18n/locales/*/go-live.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
