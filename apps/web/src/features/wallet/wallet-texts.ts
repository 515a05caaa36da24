import '../../i18n/money-errors.ts';
import { addTexts } from '../../i18n/index.ts';
import wallet from '../../i18n/locales/en/wallet.json';

/**
 * The wallet's texts join the translations when the wallet's chunk loads, not with the first
 * page: the home route's bundle budget has no room for texts only this screen shows.
 */
await addTexts(
  'wallet',
  wallet,
  import.meta.glob(['../../i18n/locales/*/wallet.json', '!../../i18n/locales/en/*'], {
    import: 'default',
  }),
);
