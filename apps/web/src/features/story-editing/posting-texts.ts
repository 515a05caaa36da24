import { addTexts } from '../../i18n/index.ts';
import posting from '../../i18n/locales/en/posting.json';

/**
 * The posting flow's texts (also the story editor's) join the translations when that code
 * loads; the first page carries only the "New story" label (i18n/resources.ts).
 */
await addTexts(
  'posting',
  posting,
  import.meta.glob(['../../i18n/locales/*/posting.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
