import { addTexts } from '../../i18n/index.ts';
import push from '../../i18n/locales/en/push.json';

/** The push section's texts join the translations with the settings screen's chunk. */
await addTexts(
  'push',
  push,
  import.meta.glob(['../../i18n/locales/*/push.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
