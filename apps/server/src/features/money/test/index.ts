/**
 * Money's face for other features' tests: people who can pay, funded wallets, paying requests,
 * balances and the ledger's invariants, and running the subscription sweep now.
 */
export { creator, pay, viewer } from '../purchases/test/purchase-fixtures.ts';
export {
  fundWallet,
  ledgerCounts,
  ledgerViolations,
  type LedgerCounts,
} from '../ledger/test/ledger-fixtures.ts';
export { accounts } from '../ledger/ledger-accounts.ts';
export { balanceCents } from '../ledger/ledger.service.ts';
export { sweepSubscriptions } from '../purchases/subscription-renewal.ts';
export {
  noticeEndingSubscriptions,
  SUBSCRIPTION_ENDING_NOTICE_DAYS,
} from '../purchases/subscription-ending.ts';
