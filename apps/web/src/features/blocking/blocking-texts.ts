import '../../i18n/messaging-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import blocking from '../../i18n/locales/en/blocking.json';

/**
 * Blocking texts join the translations when a screen offering it loads (a profile, a chat, the
 * blocked list), not with the first page.
 */
await addTexts(
  'blocking',
  blocking,
  import.meta.glob(['../../i18n/locales/*/blocking.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
