import { addTexts } from './index.ts';
import dataExportErrors from './locales/en/errors-data-export.json';

/** The texts of the data export's error keys join `errors.*` with the security screen. */
await addTexts(
  'errors',
  dataExportErrors,
  import.meta.glob(['./locales/*/errors-data-export.json', '!./locales/en/*'], {
    import: 'default',
  }),
);
