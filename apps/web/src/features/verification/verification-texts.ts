import { addTexts } from '../../i18n/index.ts';
import verification from '../../i18n/locales/en/verification.json';

/**
 * The verification texts join the translations when this feature's code loads (the profile, the
 * verify dialog, the idle background), not with the first page: the home route's bundle budget
 * has no room for texts it never shows.
 */
await addTexts(
  'verification',
  verification,
  import.meta.glob(['../../i18n/locales/*/verification.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
