import { fromCents, type Wallet, type WalletTransaction } from '@glimpse/contract';
import type { WalletLine } from './wallet.repository.ts';

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

export function presentWallet(balanceCents: number, currency: string, lines: WalletLine[]): Wallet {
  return {
    balance: fromCents(balanceCents),
    currency,
    transactions: lines.map(presentWalletLine),
  };
}
