import { addTexts } from './index.ts';
import twoFactorErrors from './locales/en/errors-two-factor.json';

/**
 * The texts of the two-factor error keys (codes, passkeys, the sign-in's second step, a change
 * that needs a second factor) join `errors.*` when a screen that can meet them loads: the
 * sign-in's second step, the account security settings, any form behind the step-up.
 */
await addTexts(
  'errors',
  twoFactorErrors,
  import.meta.glob(['./locales/*/errors-two-factor.json', '!./locales/en/*'], {
    import: 'default',
  }),
);
