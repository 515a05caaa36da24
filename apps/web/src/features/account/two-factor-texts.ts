import '../../i18n/two-factor-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import secondFactor from '../../i18n/locales/en/second-factor.json';
import twoFactor from '../../i18n/locales/en/two-factor.json';

/**
 * Two-factor texts join the translations with the code that shows them: the settings' section,
 * the step-up dialog before a sensitive change, the wallet's banner. The code, passkey and
 * recovery code form's own texts (`secondFactor`) are the sign-in's second step's too.
 */
await Promise.all([
  addTexts(
    'twoFactor',
    twoFactor,
    import.meta.glob(['../../i18n/locales/*/two-factor.json', '!../../i18n/locales/en/*'], {
      import: 'default',
    }),
  ),
  addTexts(
    'secondFactor',
    secondFactor,
    import.meta.glob(['../../i18n/locales/*/second-factor.json', '!../../i18n/locales/en/*'], {
      import: 'default',
    }),
  ),
]);
