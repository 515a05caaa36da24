import { fromCents, type Wallet, type WalletTransaction } from '@glimpse/contract';
import type { EarningsCents, WalletLine } from './wallet.repository.ts';

export function presentWalletLine(line: WalletLine): WalletTransaction {
  return {
    id: line.entryId,
    kind: line.kind,
    amount: fromCents(line.amountCents),
    created_at: line.createdAt.toISOString(),
    story_id: line.storyId,
    counterparty: line.counterparty,
  };
}

export function presentWallet(
  balanceCents: number,
  currency: string,
  earnings: EarningsCents,
  lines: WalletLine[],
): Wallet {
  return {
    balance: fromCents(balanceCents),
    currency,
    earnings: {
      pending: fromCents(earnings.earnings_pending),
      withdrawable: fromCents(earnings.earnings_available),
      in_flight: fromCents(earnings.payouts_in_flight),
      paid_out: fromCents(earnings.paid_out),
    },
    transactions: lines.map(presentWalletLine),
  };
}
