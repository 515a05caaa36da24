import { addTexts } from './index.ts';
import liveErrors from './locales/en/errors-live.json';

/**
 * The texts of the live stream error keys join `errors.*` when live code loads (the Streams tab,
 * the watch screen, Go live): only those can meet them, and the home route's first load has no
 * room for texts it never shows.
 */
await addTexts(
  'errors',
  liveErrors,
  import.meta.glob(['./locales/*/errors-live.json', '!./locales/en/*'], { import: 'default' }),
);
