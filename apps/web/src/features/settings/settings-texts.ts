import { addTexts } from '../../i18n/index.ts';
import settings from '../../i18n/locales/en/settings.json';

/** The settings screen's texts join the translations when its chunk loads. */
await addTexts(
  'settings',
  settings,
  import.meta.glob(['../../i18n/locales/*/settings.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
