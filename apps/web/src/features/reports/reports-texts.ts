import { addTexts } from '../../i18n/index.ts';
import reports from '../../i18n/locales/en/reports.json';

/** The report dialog's texts join the translations when its chunk loads. */
await addTexts(
  'reports',
  reports,
  import.meta.glob(['../../i18n/locales/*/reports.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
