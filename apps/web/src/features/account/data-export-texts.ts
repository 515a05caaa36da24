import '../../i18n/data-export-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import dataExport from '../../i18n/locales/en/data-export.json';

/** The "Your data" section's texts join the translations with the security screen. */
await addTexts(
  'dataExport',
  dataExport,
  import.meta.glob(['../../i18n/locales/*/data-export.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
