import '../../i18n/two-factor-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import secondFactor from '../../i18n/locales/en/second-factor.json';

/**
 * The second factor's texts (the code, passkey and recovery code form, the sign-in's second
 * step) join the translations when that step or a passkey sign-in loads: most sign-ins never
 * need them. The account settings register the same file for their step-up.
 */
await addTexts(
  'secondFactor',
  secondFactor,
  import.meta.glob(['../../i18n/locales/*/second-factor.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
