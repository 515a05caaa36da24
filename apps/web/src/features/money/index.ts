/** The money feature's public face: paying dialogs (lazy), paying calls and their cache keys. */
import './money-texts.ts';

export {
  InsufficientFundsDialogLoader as InsufficientFundsDialog,
  SubscribeDialogLoader as SubscribeDialog,
  TipSheetLoader as TipSheet,
} from './lazy-dialogs.tsx';
export type { SubscribeCreator } from './SubscribeDialog.tsx';
export type { TipTarget } from './tip-model.ts';
export { newIdempotencyKey, useIdempotentMutation } from './idempotency.ts';
export {
  subscriptionKeys,
  useBuyDirectMessage,
  useCancelSubscription,
  useRefreshBalances,
  useSubscription,
  useTopUp,
  useUnlockStory,
  useWallet,
  walletKeys,
} from './money.queries.ts';
export { createMarker, rememberPendingPurchase, type ResumeMarker } from './purchase-resume.ts';
export { AmountChoices } from './AmountChoices.tsx';
/** Live balance and purchase resume: mounted by the app's idle background only. */
export { MoneyBackground } from './MoneyBackground.tsx';
