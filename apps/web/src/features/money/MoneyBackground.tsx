import { PurchaseResumeGate } from './PurchaseResumeGate.tsx';
import { useBalanceLive } from './use-balance-live.ts';

/** What money does on every signed-in screen: live balance, and finishing a purchase after a top-up. */
export function MoneyBackground() {
  useBalanceLive();
  return <PurchaseResumeGate />;
}
