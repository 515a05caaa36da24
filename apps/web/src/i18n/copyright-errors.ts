import { addTexts } from './index.ts';
import copyrightErrors from './locales/en/errors-copyright.json';

/**
 * The texts of the copyright notices' and appeals' error keys join `errors.*` when their screens
 * load: only they can meet them, and the home route's first load has no room for them.
 */
await addTexts(
  'errors',
  copyrightErrors,
  import.meta.glob(['./locales/*/errors-copyright.json', '!./locales/en/*'], {
    import: 'default',
  }),
);
