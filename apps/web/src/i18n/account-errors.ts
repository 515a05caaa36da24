import { addTexts } from './index.ts';
import accountErrors from './locales/en/errors-account.json';

/**
 * The texts of the account error keys (mailed links, the current password, sessions) join
 * `errors.*` when a screen that can meet them loads: the mailed links' screens and the account
 * security settings.
 */
await addTexts(
  'errors',
  accountErrors,
  import.meta.glob(['./locales/*/errors-account.json', '!./locales/en/*'], { import: 'default' }),
);
