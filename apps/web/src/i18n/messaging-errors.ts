import { addTexts } from './index.ts';
import messagingErrors from './locales/en/errors-messaging.json';

/**
 * The texts of messaging's error keys join `errors.*` when messaging code loads (the chat
 * screens, voice and camera in a chat, blocking): only those screens can meet them, and the home
 * route's first load has no room for texts it never shows.
 */
await addTexts(
  'errors',
  messagingErrors,
  import.meta.glob(['./locales/*/errors-messaging.json', '!./locales/en/*'], { import: 'default' }),
);
