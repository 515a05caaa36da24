import { addTexts } from '../../i18n/index.ts';
import moderation from '../../i18n/locales/en/moderation.json';

/** The console's texts load with its chunk. */
await addTexts(
  'moderation',
  moderation,
  import.meta.glob(['../../i18n/locales/*/moderation.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
