import { addTexts } from './index.ts';
import moneyErrors from './locales/en/errors-money.json';

/**
 * The texts of the money error keys (payments, tips, subscriptions, payouts) join `errors.*` when
 * a paying surface loads (the money feature, the wallet): only those can meet them.
 */
await addTexts(
  'errors',
  moneyErrors,
  import.meta.glob(['./locales/*/errors-money.json', '!./locales/en/*'], { import: 'default' }),
);
